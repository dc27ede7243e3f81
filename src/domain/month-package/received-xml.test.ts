import { describe, expect, it } from 'vitest';
import { readIncomingJson, readOutgoingXml } from '@/domain/fatturapa/reader';
import { loadFatturapaSchemas, loadSample, type SampleName } from '@/domain/fatturapa/test-fixtures';
import { validateInvoicesXsd } from '@/domain/fatturapa/validate';
import { FILES, type PackageInvoiceDoc, type PackageSources } from './build';
import { reconciliationProblems } from './reconcile';
import { build, csv, sources } from './package-test-kit';

const MISSING = 'il provider non è raggiungibile (rete assente o server spento); tentativi esauriti (5)';
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data ?? new Uint8Array());

/** The official samples FPR01 and FPR03 (a lot of two invoices) as received: each with its JSON, the original XML or not. */
function received(withOriginal: boolean, over: Partial<PackageInvoiceDoc> = {}): PackageInvoiceDoc[] {
  return (['FPR01', 'FPR03'] as const satisfies readonly SampleName[]).map((name, i) => ({
    id: name, payload: loadSample(name, 'json'), marking: 'received', fileName: `IT01234567890_${name}.xml`, receivedAt: new Date(2026, 9, 10 + i, 9),
    ...(withOriginal ? { receivedXml: bytes(loadSample(name)) } : { receivedXmlMissing: MISSING }),
    ...over,
  }));
}

const withIncoming = (incoming: PackageInvoiceDoc[], over: Partial<PackageSources> = {}) => sources({ invoices: { outgoing: [], incoming }, sales: [], ddts: [], ...over });
const ricevute = (files: Record<string, Uint8Array>) => Object.keys(files).filter((n) => n.startsWith('fatture-ricevute/') && !n.endsWith('.pdf')).sort();
const notes = (files: Record<string, Uint8Array>, file: string) => csv(files[FILES.indice]).filter((r) => r['File XML'] === file).map((r) => r['Note']);
const purchasesSection = (files: Record<string, Uint8Array>) => csv(files[FILES.riepilogoCsv]).filter((r) => r['Sezione'] === 'Fatture ricevute');

describe('a received invoice with only the provider\'s JSON, in the month package', () => {
  it('becomes the XML of that JSON: valid against the XSD, the same figures as the original, and indice.csv says so', async () => {
    const original = await build(withIncoming(received(true)));
    const { files } = await build(withIncoming(received(false)));
    expect(ricevute(files)).toEqual(['fatture-ricevute/IT01234567890_FPR01.xml', 'fatture-ricevute/IT01234567890_FPR03.xml']);
    expect(ricevute(files)).toEqual(ricevute(original.files));

    const xml = ricevute(files).map((n) => text(files[n]));
    expect((await validateInvoicesXsd(xml, loadFatturapaSchemas())).flat()).toEqual([]);
    // The documents of the written XML are those of the JSON the provider delivered, and of the official XML.
    expect(xml.map((x) => readOutgoingXml(x))).toEqual([readIncomingJson(loadSample('FPR01', 'json')), readIncomingJson(loadSample('FPR03', 'json'))]);
    expect(xml.map((x) => readOutgoingXml(x))).toEqual([readOutgoingXml(loadSample('FPR01')), readOutgoingXml(loadSample('FPR03'))]);

    expect(purchasesSection(files)).toEqual(purchasesSection(original.files));
    expect(purchasesSection(files).find((r) => r['Aliquota o natura'] === 'Totale')?.['Imponibile']).toMatch(/^[1-9]/);
    expect(csv(files[FILES.registroAcquisti])).toEqual(csv(original.files[FILES.registroAcquisti]));
    expect(csv(files[FILES.registroAcquisti])).toHaveLength(3);
    expect(reconciliationProblems(files)).toEqual([]);

    const note = `XML ricostruito dal JSON del provider (originale non disponibile: ${MISSING}).`;
    expect(notes(files, 'fatture-ricevute/IT01234567890_FPR01.xml')).toEqual([note]);
    expect(notes(files, 'fatture-ricevute/IT01234567890_FPR03.xml')).toEqual([`${note} Documento 1 di 2 del file`, `${note} Documento 2 di 2 del file`]);
    // The PDFs are drawn from the same documents.
    expect(Object.keys(files).filter((n) => n.startsWith('fatture-ricevute/') && n.endsWith('.pdf')).sort()).toEqual(
      Object.keys(original.files).filter((n) => n.startsWith('fatture-ricevute/') && n.endsWith('.pdf')).sort(),
    );
  });

  it('a JSON the writer refuses stays as the provider delivered it, with why no XML was written', async () => {
    const json = JSON.parse(loadSample('FPR01', 'json')) as { fattura_elettronica_header: { dati_trasmissione: Record<string, unknown> } };
    json.fattura_elettronica_header.dati_trasmissione.codice_segreto = 'x';
    const payload = JSON.stringify(json);
    const { files, result } = await build(withIncoming(received(false).slice(0, 1).map((d) => ({ ...d, payload }))));
    expect(ricevute(files)).toEqual(['fatture-ricevute/IT01234567890_FPR01.json']);
    expect(text(files['fatture-ricevute/IT01234567890_FPR01.json'])).toBe(payload);
    expect(notes(files, 'fatture-ricevute/IT01234567890_FPR01.json')).toEqual([
      `XML originale non disponibile: ${MISSING}. XML non ricostruibile dal JSON del provider: fattura_elettronica.fattura_elettronica_header.dati_trasmissione.codice_segreto: elemento che lo schema FatturaPA non prevede qui.`,
    ]);
    // Its figures still count, read from the JSON.
    expect(csv(files[FILES.indice]).find((r) => r['Tipo'] === 'Totale fatture ricevute')?.['Numero']).toBe('1');
    expect(reconciliationProblems(files)).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('without the schema the JSON stays, with the reason; a JSON that cannot be read is listed, never dropped', async () => {
    const noSchema = await build(withIncoming(received(false).slice(0, 1), { fatturapaSchema: undefined }));
    expect(ricevute(noSchema.files)).toEqual(['fatture-ricevute/IT01234567890_FPR01.json']);
    expect(notes(noSchema.files, 'fatture-ricevute/IT01234567890_FPR01.json')).toEqual([`XML originale non disponibile: ${MISSING}. XML non ricostruibile dal JSON del provider: schema FatturaPA non caricato.`]);

    const broken = await build(withIncoming(received(false).slice(0, 1).map((d) => ({ ...d, payload: '{"fattura_elettronica_header": ' }))));
    expect(ricevute(broken.files)).toEqual([]);
    expect(broken.result.problems.map((p) => [p.label, p.reason])).toEqual([['Fattura ricevuta IT01234567890_FPR01.xml', 'Non inclusa: Il contenuto della fattura non è un JSON valido.']]);
  });
});
