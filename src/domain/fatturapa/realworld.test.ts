/**
 * The real-world corpus (__fixtures__/realworld: 128 public files other projects test their FatturaPA readers with:
 * FPR12, FPA12, FSM10, signed .p7m in DER and base64, lotti, prefixes, encodings, broken files). Every file goes
 * through the one door a received file takes (readInvoiceFile) and through the callback's JSON path; the figures
 * it must give are taken from the file's own XML text, element by element, not from the reader:
 * - each body: the supplier's name, the number, the count of lines (DettaglioLinee, or DatiBeniServizi in FSM10), and
 *   the total (ImportoTotaleDocumento, else Σ ImponibileImporto + Imposta of DatiRiepilogo; Σ Importo in FSM10);
 * - or a refusal: an InvoiceReadError whose Italian message names the file.
 * Every file valid against its official schema (1.2.3 or FSM10, checked here with xmllint-wasm) must be read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { add, decimalToCents, parseDecimal, ZERO, type Decimal } from '../money/decimal';
import { parseCallback } from '../provider-callbacks/callbacks';
import { readInvoiceFile } from './invoice-file';
import { invoiceXmlToJsonForm, InvoiceReadError, readIncomingJson, type InvoiceView } from './reader';
import { unwrapSignedFile } from './signed-file';
import { listRealworldFiles, loadFatturapaSchemas, loadRealworld, loadSimplifiedSchema } from './test-fixtures';
import { xmlBytesToText } from './xml-bytes';
import { at, childrenNamed, parseXml, textAt, type XmlElement } from './xml-tree';

const files = listRealworldFiles();

type Outcome = { kind: 'read'; views: InvoiceView[]; xml: string; signed: boolean } | { kind: 'refused'; message: string };

function outcomeOf(name: string): Outcome {
  try {
    return { kind: 'read', ...readInvoiceFile(loadRealworld(name), name) };
  } catch (error) {
    if (error instanceof InvoiceReadError) return { kind: 'refused', message: error.message };
    throw error; // a crash fails the test with its stack
  }
}

const cents = (d: Decimal) => decimalToCents(d);
const dec = (text: string | undefined) => (text === undefined ? undefined : (parseDecimal(text.trim()) ?? undefined));

interface Stated {
  supplier: string;
  number: string;
  lines: number;
  totalCents: number;
}

/** What each body of the file says of itself, read from the XML tree without the reader. */
function statedBodies(xml: string): Stated[] {
  const root = parseXml(xml);
  const simplified = root.name === 'FatturaElettronicaSemplificata';
  const seller = at(root, 'FatturaElettronicaHeader', 'CedentePrestatore');
  const named = simplified ? seller : at(seller, 'DatiAnagrafici', 'Anagrafica');
  const supplier = textAt(named, 'Denominazione') ?? [textAt(named, 'Nome'), textAt(named, 'Cognome')].filter(Boolean).join(' ');
  return childrenNamed(root, 'FatturaElettronicaBody').map((body: XmlElement) => {
    const number = textAt(body, 'DatiGenerali', 'DatiGeneraliDocumento', 'Numero') ?? '';
    if (simplified) {
      const goods = childrenNamed(body, 'DatiBeniServizi');
      const total = goods.reduce((s, g) => add(s, dec(textAt(g, 'Importo')) ?? ZERO), ZERO);
      return { supplier, number, lines: goods.length, totalCents: cents(total) };
    }
    const goods = at(body, 'DatiBeniServizi');
    const declared = dec(textAt(body, 'DatiGenerali', 'DatiGeneraliDocumento', 'ImportoTotaleDocumento'));
    const summaries = childrenNamed(goods, 'DatiRiepilogo').reduce(
      (s, r) => add(add(s, dec(textAt(r, 'ImponibileImporto')) ?? ZERO), dec(textAt(r, 'Imposta')) ?? ZERO),
      ZERO,
    );
    return { supplier, number, lines: childrenNamed(goods, 'DettaglioLinee').length, totalCents: cents(declared ?? summaries) };
  });
}

const outcomes = new Map(files.map((f) => [f, outcomeOf(f)]));
/** Schema verdict per file (undefined: not even an envelope or a text to validate). */
const schemaValid = new Map<string, boolean>();

/** The XML text as the reader decodes it, redeclared UTF-8 (xmllint-wasm knows no windows-1252 or latin1). */
function textForSchema(name: string): string | undefined {
  try {
    const bytes = loadRealworld(name);
    const text = xmlBytesToText(/\.p7m$/i.test(name) ? unwrapSignedFile(bytes) : bytes);
    return text.replace(/^(<\?xml[^>]*?encoding\s*=\s*["'])[^"']+/, '$1UTF-8');
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  const schemas = loadFatturapaSchemas();
  const texts = files.map((f) => ({ name: f, text: textForSchema(f) }));
  const ordinary = texts.filter((t) => t.text !== undefined && !/<(\w+:)?FatturaElettronicaSemplificata[\s>]/.test(t.text));
  const simplified = texts.filter((t) => t.text !== undefined && /<(\w+:)?FatturaElettronicaSemplificata[\s>]/.test(t.text));
  const run = async (batch: typeof texts, schema: { fileName: string; contents: string | Uint8Array }) => {
    if (batch.length === 0) return;
    const result = await validateXML({
      xml: batch.map((t, i) => ({ fileName: `f${i}.xml`, contents: t.text ?? '' })),
      schema: [schema],
      preload: schemas.preload,
    });
    // Any message of libxml2 about a file (a namespace error included) counts it as not valid.
    batch.forEach((t, i) => schemaValid.set(t.name, !result.errors.some((e) => e.loc?.fileName === `f${i}.xml` || e.message.startsWith(`f${i}.xml `))));
  };
  await run(ordinary, { fileName: 'Schema_VFPR12_v1.2.3.xsd', contents: schemas.main });
  await run(simplified, { fileName: 'Schema_VFSM10.xsd', contents: loadSimplifiedSchema() });
}, 120_000);

describe('real-world FatturaPA files: read with their own figures, or refused by name', () => {
  it.each(files)('%s', (name) => {
    const outcome = outcomes.get(name);
    if (outcome?.kind === 'refused') {
      expect(outcome.message).toContain(`«${name}»`);
      expect(outcome.message).toMatch(/^Il file «.+» (non |\(contenuto della firma\): |: )/);
      expect(schemaValid.get(name), `${name} is schema-valid, yet refused: ${outcome.message}`).not.toBe(true);
      return;
    }
    if (outcome?.kind !== 'read') throw new Error('no outcome');
    const stated = statedBodies(outcome.xml);
    expect(outcome.views).toHaveLength(stated.length);
    outcome.views.forEach((view, i) => {
      const own = stated[i]!;
      expect(view.seller.name.trim()).not.toBe('');
      expect(view.seller.name).toBe(own.supplier.trim());
      expect(view.number).toBe(own.number.trim());
      expect(view.lines).toHaveLength(own.lines);
      expect(Math.round(view.total * 100)).toBe(own.totalCents);
      expect(view.bodyIndex).toBe(i + 1);
      expect(view.bodyCount).toBe(stated.length);
    });
  });

  it('reads the same invoice through the callback JSON path: recipient, supplier, lines and the sum of the bodies', () => {
    for (const [name, outcome] of outcomes) {
      if (outcome.kind !== 'read') continue;
      const payload = invoiceXmlToJsonForm(outcome.xml);
      expect(readIncomingJson(JSON.stringify(payload)), name).toEqual(outcome.views);
      const parsed = parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'u-1', filename: name, payload } } });
      if (!parsed.ok) throw new Error(`${name}: ${parsed.reason}`);
      if (parsed.callback.kind !== 'supplier-invoice') throw new Error(name);
      const buyer = outcome.views[0]!.buyer;
      if (buyer.vatId?.code || buyer.codiceFiscale) expect(parsed.callback.recipientIds.length, name).toBeGreaterThan(0);
      expect(parsed.callback.supplierName, name).toBe(outcome.views[0]!.seller.name);
      const sum = outcome.views.reduce((s, v) => s + Math.round(v.total * 100), 0);
      expect(Math.round(parsed.callback.total * 100), name).toBe(sum);
      expect(parsed.callback.items, name).toHaveLength(outcome.views.reduce((n, v) => n + v.lines.length, 0));
    }
  });

  it('signed files read as the XML inside them (DER and base64 alike)', () => {
    const der = outcomes.get('oca__l10n_it_fatturapa_in__IT01234567890_FPR03.xml.p7m');
    const b64 = outcomes.get('oca__l10n_it_fatturapa_in__IT01234567890_FPR03.base64.xml.p7m');
    const plain = outcomes.get('oca__l10n_it_fatturapa_in__IT01234567890_FPR03.xml');
    if (der?.kind !== 'read' || b64?.kind !== 'read' || plain?.kind !== 'read') throw new Error('FPR03 not read');
    expect(der.signed && b64.signed && !plain.signed).toBe(true);
    expect(b64.views).toEqual(der.views);
    expect(der.views.map((v) => [v.number, v.total])).toEqual(plain.views.map((v) => [v.number, v.total]));
  });

  it('the simplified invoice gives its supplier, recipient ids, line, VAT and total', () => {
    const fsm = outcomes.get('oca__l10n_it_fatturapa_in__IT02780790107_11009.xml');
    if (fsm?.kind !== 'read') throw new Error('FSM10 not read');
    const [view] = fsm.views;
    expect(view).toMatchObject({ format: 'FSM10', documentType: 'TD07', documentTypeLabel: 'Fattura semplificata', number: '16', total: 272.23 });
    expect(view?.seller).toMatchObject({ name: 'Mario Rossi', vatId: { country: 'IT', code: '02780790107' }, regimeFiscale: 'RF19' });
    expect(view?.buyer).toMatchObject({ name: 'ROSSI SPA', vatId: { country: 'IT', code: '05979361218' }, codiceFiscale: '05979361218' });
    expect(view?.lines).toEqual([expect.objectContaining({ description: 'Provvigioni II trimestre 2022', total: 272.23, vatRate: 0, natura: 'N4' })]);
    expect(view?.vatSummary).toEqual([{ vatRate: 0, natura: 'N4', taxable: 272.23, tax: 0 }]);
  });

  it('summary', () => {
    const read = [...outcomes.values()].filter((o) => o.kind === 'read').length;
    const refused = [...outcomes.entries()].filter(([, o]) => o.kind === 'refused');
    const valid = [...schemaValid.values()].filter(Boolean).length;
    const signed = [...outcomes.values()].filter((o) => o.kind === 'read' && o.signed).length;
    const lotti = [...outcomes.values()].filter((o) => o.kind === 'read' && o.views.length > 1).length;
    console.log(
      `realworld FatturaPA: ${files.length} file, ${read} letti con i loro totali (${signed} firmati .p7m, ${lotti} lotti), ` +
        `${refused.length} rifiutati con messaggio; ${valid} validi allo schema, tutti letti`,
    );
    expect(read + refused.length).toBe(files.length);
    expect(refused.map(([name]) => name)).toEqual(['oca__l10n_it_fatturapa_in__IT05979361218_fake.xml.p7m']);
  });
});
