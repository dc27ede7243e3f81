import { describe, expect, it } from 'vitest';
import { toCsv } from '@/domain/csv/csv';
import { loadRealworld, loadSample } from '@/domain/fatturapa/test-fixtures';
import { FILES, type PackageInvoiceDoc, type PackageSources } from './build';
import { dailyByRate } from './corrispettivi';
import { reconciliationProblems } from './reconcile';
import { CORRISPETTIVI_TYPE, salesRegisterCsv, SALES_REGISTER_HEADERS } from './registers';
import { VatSummaryBuilder } from './vat-summary';
import { build, csv, csvCentsOf, sources } from './package-test-kit';

type Row = Record<string, string>;
const sum = (rows: readonly Row[], column: string) => rows.reduce((s, r) => s + (csvCentsOf(r[column]) ?? Number.NaN), 0);
const summaryTotal = (files: Record<string, Uint8Array>, section: string) => {
  const row = csv(files[FILES.riepilogoCsv]).find((r) => r['Sezione'] === section && r['Aliquota o natura'] === 'Totale');
  return [csvCentsOf(row?.['Imponibile']), csvCentsOf(row?.['Imposta'])];
};
const outgoingOf = (src: PackageSources) => ('outgoing' in src.invoices ? src.invoices.outgoing : []);

/** Received invoices delivered out of their document order; 11005 (a real file) has three DettaglioPagamento. */
function withPurchases(): PackageSources {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const incoming: PackageInvoiceDoc[] = [
    { id: 'x3', payload: loadSample('FPR03', 'json'), marking: 'received', fileName: 'IT01234567890_FPR03.xml', receivedXml: bytes(loadSample('FPR03')), receivedAt: new Date(2026, 9, 20, 9) },
    { id: 'x1', payload: loadSample('FPR01', 'json'), marking: 'received', fileName: 'IT01234567890_FPR01.xml', receivedXml: bytes(loadSample('FPR01')), receivedAt: new Date(2026, 9, 2, 18) },
    { id: 'rw', payload: loadSample('FPR02', 'json'), marking: 'received', fileName: 'IT02780790107_11005.xml', receivedXml: loadRealworld('oca__l10n_it_fatturapa_in__IT02780790107_11005.xml'), receivedAt: new Date(2026, 9, 9, 12) },
  ];
  return sources({ invoices: { outgoing: outgoingOf(sources()), incoming } });
}

describe('the VAT registers of the package', () => {
  it('registro-iva-vendite.csv: the issued invoices by date and number, a row per rate, adding up to the summary', async () => {
    const { files } = await build(sources());
    const rows = csv(files[FILES.registroVendite]);
    const invoices = rows.filter((r) => r['Tipo documento'] !== CORRISPETTIVI_TYPE);
    expect(invoices.map((r) => [r['Protocollo'], r['Numero documento'], r['Aliquota']])).toEqual([
      ['1', 'ABCDE-2026-1', '22'], ['1', 'ABCDE-2026-1', '10'], ['2', 'ABCDE-2026-2', '22'], ['3', 'ABCDE-2026-NC-1', '22'],
    ]);
    // The rejected invoice was never issued; the credit note is negative, with its type's label.
    expect(invoices.some((r) => r['Numero documento'] === 'ABCDE-2026-4')).toBe(false);
    expect(invoices[3]).toMatchObject({ 'Tipo documento': 'TD04', 'Descrizione tipo documento': 'Nota di Credito', Imponibile: '-10', Imposta: '-2,2', 'Totale documento': '-12,2' });
    expect(invoices[0]).toMatchObject({ 'Data registrazione': '05/10/2026', 'Data documento': '05/10/2026', Cliente: 'Alfa Spa', 'P.IVA / Codice fiscale': 'IT12345678903' });
    // Named as the file in fatture-emesse/.
    for (const r of invoices) expect(Object.keys(files)).toContain(`fatture-emesse/${r['Nome file SDI'] ?? ''}`);
    expect([sum(invoices, 'Imponibile'), sum(invoices, 'Imposta')]).toEqual(summaryTotal(files, 'Fatture emesse'));
    // The corrispettivi after them: the summary's counter sales (the void and the sale paid 'Fattura' left out).
    const corrispettivi = rows.filter((r) => r['Tipo documento'] === CORRISPETTIVI_TYPE);
    expect(corrispettivi.map((r) => [r['Data registrazione'], r['Aliquota'], r['Totale documento'], r['Protocollo']])).toEqual([['03/10/2026', '22', '12,2', ''], ['03/10/2026', '10', '11', '']]);
    expect([sum(corrispettivi, 'Imponibile'), sum(corrispettivi, 'Imposta')]).toEqual(summaryTotal(files, 'Corrispettivi (vendite al banco)'));
  });

  it("the corrispettivi's days add up to the period's split per rate, to the cent", () => {
    // Ten days of 0,05 € at 10 %: each day alone 0,05 of taxable (0,0454… half-up), the period 0,45 and 0,05 of VAT.
    const sales = Array.from({ length: 10 }, (_, i) => ({
      sale: { id: `s${i}`, date: new Date(2026, 9, i + 1, 10), price: 0.05, method: 'Contanti', isVoid: false, lines: [{ total: 0.05, vatRate: 10 }] },
      family: 'contanti' as const,
      day: `2026-10-${String(i + 1).padStart(2, '0')}`,
    }));
    const vat = new VatSummaryBuilder();
    for (const { sale } of sales) vat.addSale(sale.id, 10, 5);
    const line = vat.result().lines[0];
    const rows = csv(new TextEncoder().encode(salesRegisterCsv([], dailyByRate(sales))));
    expect(rows).toHaveLength(10);
    expect([sum(rows, 'Imponibile'), sum(rows, 'Imposta')]).toEqual([line?.taxableCents, line?.taxCents]);
    expect([sum(rows, 'Imponibile'), sum(rows, 'Imposta')]).toEqual([45, 5]);
  });

  it('registro-iva-acquisti.csv: protocol by the SDI delivery, that day as registration date, adding up to the summary', async () => {
    const { files } = await build(withPurchases());
    const rows = csv(files[FILES.registroAcquisti]);
    const documents = [...new Map(rows.map((r) => [r['Protocollo'], [r['Protocollo'], r['Data registrazione'], r['Numero documento'], r['Data documento'], r['Nome file']]])).values()];
    expect(documents).toEqual([
      ['1', '02/10/2026', '123', '18/12/2014', 'IT01234567890_FPR01.xml'],
      ['2', '09/10/2026', '124', '18/12/2014', 'IT02780790107_11005.xml'],
      ['3', '20/10/2026', '123', '18/12/2014', 'IT01234567890_FPR03.xml'],
      ['4', '20/10/2026', '456', '20/12/2014', 'IT01234567890_FPR03.xml'],
    ]);
    expect(rows[0]).toMatchObject({ Fornitore: "SOCIETA' ALPHA SRL", 'P.IVA / Codice fiscale': 'IT01234567890' });
    expect([sum(rows, 'Imponibile'), sum(rows, 'Imposta')]).toEqual(summaryTotal(files, 'Fatture ricevute'));
    expect(reconciliationProblems(files)).toEqual([]);
  });

  it("liquidazione-iva.csv: the summary's figures and balance words; last period's credit left unknown", async () => {
    const { files, plan } = await build(sources());
    const rows = csv(files[FILES.liquidazione]);
    const settlement = (voce: string) => rows.find((r) => r['Voce'] === voce);
    const summary = plan.summary;
    expect(csvCentsOf(settlement('IVA sulle vendite')?.['Importo'])).toBe(summary.vatDueCents);
    expect(csvCentsOf(settlement('IVA sulle vendite: fatture emesse')?.['Importo'])).toBe(summary.totals.emesse.taxCents);
    expect(csvCentsOf(settlement('IVA sulle vendite: corrispettivi')?.['Importo'])).toBe(summary.totals.corrispettivi.taxCents);
    expect(csvCentsOf(settlement('IVA sugli acquisti')?.['Importo'])).toBe(summary.vatDeductibleCents);
    expect(csvCentsOf(settlement('Saldo: IVA a debito')?.['Importo'])).toBe(summary.balanceCents);
    const riepilogo = csv(files[FILES.riepilogoCsv]).find((r) => (r['Aliquota o natura'] ?? '').startsWith('Saldo: '));
    expect(riepilogo).toMatchObject({ 'Aliquota o natura': 'Saldo: IVA a debito', Imposta: settlement('Saldo: IVA a debito')?.['Importo'] });
    expect(settlement('Credito del mese precedente')).toMatchObject({ Importo: '' });
    expect(settlement('Credito del mese precedente')?.['Note']).toMatch(/^non noto/);

    // Purchases only: a credit, written positive with its words, as in riepilogo-iva.
    const received = sources().invoices;
    const credit = await build(sources({ sales: [], invoices: { outgoing: [], incoming: 'incoming' in received ? received.incoming : [] } }));
    const balance = csv(credit.files[FILES.liquidazione]).find((r) => (r['Voce'] ?? '').startsWith('Saldo: '));
    expect(balance).toMatchObject({ Voce: 'Saldo: IVA a credito', Importo: '5,95' });
    expect(csvCentsOf(balance?.['Importo'])).toBe(-credit.plan.summary.balanceCents);
  });

  it('scadenze.csv: every DettaglioPagamento of the issued and received invoices, soonest first', async () => {
    const { files } = await build(withPurchases());
    const rows = csv(files[FILES.scadenze]);
    const real = rows.filter((r) => r['Numero documento'] === '124');
    expect(real.map((r) => [r['Direzione'], r['Modalità'], r['Descrizione modalità'], r['Data scadenza'], r['Importo'], r['IBAN']])).toEqual([
      ['Ricevuta', 'MP05', 'Bonifico', '30/04/2015', '20', 'IT28V0100003245232200001200'],
      ['Ricevuta', 'MP05', 'Bonifico', '30/05/2015', '9', 'IT28V0100003245232200001200'],
      ['Ricevuta', 'MP05', 'Bonifico', '30/06/2015', '1,5', 'IT28V0100003245232200001200'],
    ]);
    expect(rows.filter((r) => r['Direzione'] === 'Emessa').map((r) => r['Numero documento'])).toEqual(['ABCDE-2026-1', 'ABCDE-2026-2', 'ABCDE-2026-NC-1']);
    const dates = rows.map((r) => (r['Data scadenza'] ?? '').split('/').reverse().join('-'));
    expect(dates).toEqual([...dates].sort());
  });

  it('indice.csv says what each new file is', async () => {
    const { files } = await build(sources());
    const index = csv(files[FILES.indice]);
    for (const path of [FILES.registroVendite, FILES.registroAcquisti, FILES.liquidazione, FILES.scadenze]) {
      expect(Object.keys(files)).toContain(path);
      expect(index.find((r) => r['Tipo'] === path)?.['Note'], path).toMatch(/\S/);
    }
  });

  it('a register that does not add up to the invoice files is reported', async () => {
    const { files } = await build(withPurchases());
    const rows = csv(files[FILES.registroVendite]);
    const first = rows.findIndex((r) => r['Protocollo'] === '2');
    const wrong = rows.map((r, i) => (i === first ? { ...r, Imposta: '13,3' } : r));
    const rewrite = (list: Row[]) => new TextEncoder().encode(toCsv(SALES_REGISTER_HEADERS, list.map((r) => SALES_REGISTER_HEADERS.map((h) => r[h] ?? ''))));
    expect(reconciliationProblems({ ...files, [FILES.registroVendite]: rewrite(wrong) })).toEqual([`${FILES.registroVendite}: imposta 14.3 ≠ 14.2`]);
    // A document left out: its sums and the protocols' count both tell.
    const purchases = csv(files[FILES.registroAcquisti]).filter((r) => r['Protocollo'] !== '2');
    const rewritten = new TextEncoder().encode(toCsv(Object.keys(csv(files[FILES.registroAcquisti])[0] ?? {}), purchases.map((r) => Object.values(r))));
    const problems = reconciliationProblems({ ...files, [FILES.registroAcquisti]: rewritten });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^registro-iva-acquisti\.csv: imponibile /), `${FILES.registroAcquisti}: 3 protocolli per 4 documenti nei file`]));
    const { [FILES.registroAcquisti]: _dropped, ...without } = files;
    expect(reconciliationProblems(without)).toContain(`${FILES.registroAcquisti} manca nel pacchetto`);
  });
});
