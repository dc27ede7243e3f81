import { describe, expect, it } from 'vitest';
import { loadSample } from '@/domain/fatturapa/test-fixtures';
import { FILES, planDocuments, planSalesPart, writePackage, PackageCancelled, type PackageInvoiceDoc, type PlannedFile } from './build';
import { reconciliationProblems, summaryFromFiles } from './reconcile';
import { build, csv, csvCentsOf, joinChunks, sources } from './package-test-kit';

describe('the month package', () => {
  it('holds every folder, the XML byte for byte under its SDI name, and reconciles to the cent', async () => {
    const src = sources();
    const { files, plan, progress } = await build(src);
    const names = Object.keys(files).sort();
    const outgoing = 'invoices' in src && 'outgoing' in src.invoices ? src.invoices.outgoing : [];
    // IT<P.IVA>_<ProgressivoInvio>.xml, as the SDI names the file.
    for (const n of names.filter((x) => x.startsWith('fatture-emesse/') && x.endsWith('.xml'))) expect(n).toMatch(/^fatture-emesse\/(scartate\/)?IT00743110157_[A-Za-z0-9]{1,5}\.xml$/);
    expect(names.filter((n) => n.startsWith('fatture-emesse/') && n.endsWith('.xml') && !n.includes('scartate'))).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('fatture-emesse/scartate/'))).toHaveLength(2);
    expect(names).toEqual(expect.arrayContaining(['fatture-ricevute/IT01234567890_FPR02.xml', 'fatture-ricevute/IT01234567890_FPR02.pdf', 'ddt/DDT_11-1_2026-10-03.pdf', FILES.chiusure, FILES.perAliquota, FILES.vendite, FILES.riepilogoCsv, FILES.riepilogoPdf, FILES.indice]));
    for (const doc of outgoing.slice(0, 4)) {
      const row = plan.rows.find((r) => r.fileXml !== '' && new TextDecoder().decode(files[r.fileXml]) === doc.payload);
      expect(row, doc.id).toBeDefined();
    }
    for (const name of names.filter((n) => n.endsWith('.pdf'))) expect(new TextDecoder().decode(files[name]?.subarray(0, 5))).toBe('%PDF-');
    expect(reconciliationProblems(files)).toEqual([]);
    // The credit note is subtracted: 10 + 10 + 60 − 10 of taxable at 22 %, 10 at 10 %.
    const s = summaryFromFiles(files);
    expect(s.totals.emesse.taxableCents).toBe(1000 + 1000 + 6000 - 1000);
    expect(progress.at(-1)).toBe(plan.files.length);
  });

  it('received invoices: the original XML byte for byte when kept, else the XML written from the JSON, the reason in indice.csv', async () => {
    // FPR01 kept in ISO-8859-1 (bytes as the provider returned them), FPR03 (a lot of two) in UTF-8, FPR02 not kept,
    // one whose kept XML is unreadable (its JSON stays, as the provider delivered it) and one from before the XML was kept.
    const latin = loadSample('FPR01').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("SOCIETA' ALPHA SRL", 'SOCIETÀ ALPHA SRL');
    const fpr01 = Uint8Array.from([...latin].map((c) => c.charCodeAt(0)));
    const fpr03 = new TextEncoder().encode(loadSample('FPR03'));
    const incoming = [
      { id: 'x1', payload: loadSample('FPR01', 'json'), marking: 'received', fileName: 'IT01234567890_FPR01.xml', receivedXml: fpr01 },
      { id: 'x3', payload: loadSample('FPR03', 'json'), marking: 'received', fileName: 'IT01234567890_FPR03.xml', receivedXml: fpr03 },
      { id: 'j2', payload: loadSample('FPR02', 'json'), marking: 'received', fileName: 'IT01234567890_FPR02.xml', receivedXmlMissing: 'il provider ha risposto 503 (Service Unavailable)' },
      { id: 'bad', payload: loadSample('FPR02', 'json'), marking: 'received', fileName: 'IT99_bad.xml', receivedXml: new TextEncoder().encode('<html>') },
      { id: 'old', payload: loadSample('FPR02', 'json'), marking: 'received', fileName: 'IT99_old.xml' },
    ];
    const base = sources();
    const src = sources({ invoices: { outgoing: 'outgoing' in base.invoices ? base.invoices.outgoing : [], incoming } });
    const { files } = await build(src);
    const received = Object.keys(files).filter((n) => n.startsWith('fatture-ricevute/')).sort();
    expect(received).toEqual([
      'fatture-ricevute/IT01234567890_FPR01.pdf', 'fatture-ricevute/IT01234567890_FPR01.xml',
      'fatture-ricevute/IT01234567890_FPR02.pdf', 'fatture-ricevute/IT01234567890_FPR02.xml',
      'fatture-ricevute/IT01234567890_FPR03.xml', 'fatture-ricevute/IT01234567890_FPR03_1.pdf', 'fatture-ricevute/IT01234567890_FPR03_2.pdf',
      'fatture-ricevute/IT99_bad.json', 'fatture-ricevute/IT99_bad.pdf', 'fatture-ricevute/IT99_old.pdf', 'fatture-ricevute/IT99_old.xml',
    ]);
    expect(files['fatture-ricevute/IT01234567890_FPR01.xml']).toEqual(fpr01);
    expect(files['fatture-ricevute/IT01234567890_FPR03.xml']).toEqual(fpr03);
    expect(new TextDecoder().decode(files['fatture-ricevute/IT99_bad.json'])).toBe(loadSample('FPR02', 'json'));
    const notes = (file: string) => csv(files[FILES.indice]).filter((r) => r['File XML'] === file).map((r) => r['Note']);
    expect(notes('fatture-ricevute/IT01234567890_FPR01.xml')).toEqual(['']);
    expect(notes('fatture-ricevute/IT01234567890_FPR03.xml')).toEqual(['Documento 1 di 2 del file', 'Documento 2 di 2 del file']);
    expect(notes('fatture-ricevute/IT01234567890_FPR02.xml')).toEqual(['XML ricostruito dal JSON del provider (originale non disponibile: il provider ha risposto 503 (Service Unavailable)).']);
    expect(notes('fatture-ricevute/IT99_bad.json')[0]).toMatch(/^XML originale illeggibile: .+/);
    expect(notes('fatture-ricevute/IT99_old.xml')).toEqual(['XML ricostruito dal JSON del provider (originale non disponibile: non salvato alla ricezione).']);
    // The figures come from the files: the totals equal what the reader sums from them, XML and JSON alike.
    expect(reconciliationProblems(files)).toEqual([]);
    expect(csv(files[FILES.indice]).find((r) => r['Tipo'] === 'Totale fatture ricevute')?.['Numero']).toBe('6');
  });

  it('lists what it could not include, with the reason, in indice.csv', async () => {
    const { files, result } = await build(sources());
    const index = csv(files[FILES.indice]);
    const notes = index.map((r) => r['Note'] ?? '');
    expect(notes.some((n) => n.includes('Non inclusa') && n.includes('broken'))).toBe(true);
    expect(notes.some((n) => n.includes('Contenuto della fattura (XML) mancante') && n.includes('empty'))).toBe(true);
    expect(notes.some((n) => n.includes('PDF non incluso: carattere non disegnabile'))).toBe(true);
    expect(notes.some((n) => n.includes('Scartata dallo SDI: 00404 Fattura duplicata'))).toBe(true);
    expect(result.problems.map((p) => p.reason).join('\n')).toMatch(/carattere non disegnabile/);
    // named as a person knows it, not by its database id
    expect(result.problems.map((p) => p.label)).toEqual(expect.arrayContaining(['Fattura emessa del 20/10/2026, 48,80 €', 'Fattura emessa senza data né importo (documento empty)']));
    expect(Object.keys(files)).not.toContain('ddt/DDT_11-2_2026-10-04.pdf');
    const totals = index.filter((r) => (r['Tipo'] ?? '').startsWith('Totale'));
    expect(totals.map((r) => r['Tipo'])).toEqual(['Totale fatture emesse', 'Totale fatture ricevute']);
    expect(totals[0]?.['Numero']).toBe('3');
  });

  it('corrispettivi: /zreport figures by day, VAT by rate without the void and the sales paid by invoice', async () => {
    const { files } = await build(sources());
    const closings = csv(files[FILES.chiusure]);
    expect(closings).toHaveLength(1);
    expect(closings[0]).toMatchObject({ 'Totale chiusura': '30', 'Vendite POS totale': '29,3', Differenza: '0,7', Esito: 'Differenza' });
    const byRate = csv(files[FILES.perAliquota]);
    expect(byRate.at(-1)).toMatchObject({ Data: 'Totale', Totale: '29,3' });
    const summary = csv(files[FILES.riepilogoCsv]).filter((r) => r['Sezione'] === 'Corrispettivi (vendite al banco)');
    expect(summary.find((r) => r['Aliquota o natura'] === 'Totale')).toMatchObject({ Imponibile: '20', Imposta: '3,2' });
    expect(csv(files[FILES.vendite])).toHaveLength(4);
  });

  it("a sale paid 'Fattura' that no issued invoice documents is named in indice.csv, the summary and the problems", async () => {
    const extra = [
      // documented by the issued invoice 'a', made from this receipt
      { id: 's5', date: new Date(2026, 9, 4, 10), price: 20, method: 'fatture', isVoid: false, lines: [{ total: 20, vatRate: 22 }], employeeName: 'Anna' },
      // its receipt invoice is the rejected 'r': for the SDI never issued
      { id: 's6', date: new Date(2026, 9, 4, 11), price: 30, method: 'Fattura', isVoid: false, lines: [{ total: 30, vatRate: 22 }], employeeName: 'Anna' },
    ];
    const src = sources({ sales: [...sources().sales, ...extra], receiptInvoices: [{ sourceSaleId: 's5', invoiceUUID: 'a' }, { sourceSaleId: 's6', invoiceUUID: 'r' }] });
    const { files, plan, result } = await build(src);
    expect(plan.uninvoiced).toEqual({ count: 2, grossCents: 3610 });
    const listed = csv(files[FILES.indice]).filter((r) => r['Tipo'] === 'Vendita pagata «Fattura» senza fattura');
    expect(listed.map((r) => r['Totale'])).toEqual(['6,1', '30']);
    const problem = result.problems.find((p) => p.kind === 'vendite');
    expect(problem?.label).toBe('Vendite pagate «Fattura» senza fattura emessa (2)');
    expect(problem?.reason).toContain('36,10');
    const note = csv(files[FILES.riepilogoCsv]).find((r) => r['Sezione'] === 'Nota' && r['Documenti'] === '2');
    expect(note?.['Aliquota o natura']).toMatch(/^2 vendite pagate «Fattura» per 36,10\s€ senza una fattura emessa nel pacchetto/);
    // neither corrispettivi nor issued invoices count them: the corrispettivi are those of the first case
    const corr = csv(files[FILES.riepilogoCsv]).filter((r) => r['Sezione'] === 'Corrispettivi (vendite al banco)');
    expect(corr.find((r) => r['Aliquota o natura'] === 'Totale')).toMatchObject({ Imponibile: '20', Imposta: '3,2' });
    // an issued invoice that names its sale documents it too
    const bySale = sources({ invoices: { outgoing: [{ ...(('outgoing' in sources().invoices ? sources().invoices : { outgoing: [] }) as { outgoing: PackageInvoiceDoc[] }).outgoing[0]!, saleId: 's4' }], incoming: [] } });
    expect((await build(bySale)).plan.uninvoiced).toEqual({ count: 0, grossCents: 0 });
  });

  it('indice.csv calls an SDI rejection scartata; the VAT credit reads as a positive amount with its label, as in the PDF', async () => {
    const { files } = await build(sources());
    const index = csv(files[FILES.indice]);
    expect(index.find((r) => r['Numero'] === 'ABCDE-2026-4')?.['Stato SDI']).toBe('scartata dallo SDI');
    const received = sources().invoices;
    const onlyPurchases = sources({ sales: [], invoices: { outgoing: [], incoming: 'incoming' in received ? received.incoming : [] } });
    const credit = await build(onlyPurchases);
    expect(credit.plan.summary.balanceCents).toBeLessThan(0);
    const balance = csv(credit.files[FILES.riepilogoCsv]).find((r) => (r['Aliquota o natura'] ?? '').startsWith('Saldo: '));
    expect(balance?.['Aliquota o natura']).toBe('Saldo: IVA a credito');
    expect(csvCentsOf(balance?.['Imposta'])).toBe(-credit.plan.summary.balanceCents);
  });

  it("an issued invoice's SDI receipts go to ricevute-sdi/ byte for byte, named in its row of indice.csv; a missing one is named with its reason", async () => {
    const ns = new TextEncoder().encode('<ns3:NotificaScarto xmlns:ns3="http://www.fatturapa.gov.it/sdi/messaggi/v1.0"/>');
    const rc = new TextEncoder().encode('<ns3:RicevutaConsegna xmlns:ns3="http://www.fatturapa.gov.it/sdi/messaggi/v1.0"/>');
    const base = sources();
    const outgoing = base.invoices && 'outgoing' in base.invoices ? base.invoices.outgoing : [];
    const withReceipts = outgoing.map((d) =>
      d.id === 'r' ? { ...d, receipts: [{ type: 'NS', createdAt: new Date(2026, 9, 6, 9), fileName: 'IT10442360961_0AB12_NS_001.xml', xml: ns }] }
        : d.id === 'a' ? { ...d, receipts: [{ type: 'RC', createdAt: new Date(2026, 9, 5, 18), fileName: 'IT10442360961_0AB11_RC_001.xml', xml: rc }, { type: 'MC', fileName: 'x_MC_001.xml', missing: 'il provider non è raggiungibile' }] }
          : d,
    );
    const { files } = await build(sources({ invoices: { outgoing: withReceipts, incoming: [] } }));
    const paths = Object.keys(files);
    const nsPath = paths.find((p) => p.endsWith('IT10442360961_0AB12_NS_001.xml'));
    const rcPath = paths.find((p) => p.endsWith('IT10442360961_0AB11_RC_001.xml'));
    expect(nsPath).toBe('ricevute-sdi/IT10442360961_0AB12_NS_001.xml');
    expect(rcPath).toBe('ricevute-sdi/IT10442360961_0AB11_RC_001.xml');
    expect(files[nsPath ?? '']).toEqual(ns);
    expect(files[rcPath ?? '']).toEqual(rc);
    const index = csv(files[FILES.indice]);
    expect(index.find((r) => r['Numero'] === 'ABCDE-2026-4')?.['Note']).toContain('Ricevute SDI: NS del 06/10/2026 (ricevute-sdi/IT10442360961_0AB12_NS_001.xml)');
    expect(index.find((r) => r['Numero'] === 'ABCDE-2026-1')?.['Note']).toContain('Ricevute SDI: RC del 05/10/2026 (ricevute-sdi/IT10442360961_0AB11_RC_001.xml), MC (XML non incluso: il provider non è raggiungibile)');
  });

  it('without the Fatturazione pack the invoice folders are left out and the index says why', async () => {
    const { files, plan } = await build(sources({ invoices: { excluded: 'pacchetto Fatturazione non attivo' } }));
    expect(Object.keys(files).some((n) => n.startsWith('fatture-'))).toBe(false);
    expect(plan.invoicesExcluded).toBe('pacchetto Fatturazione non attivo');
    expect(csv(files[FILES.indice])[0]?.['Note']).toContain('pacchetto Fatturazione non attivo');
    expect(reconciliationProblems(files)).toEqual([]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(build(sources(), controller.signal)).rejects.toBeInstanceOf(PackageCancelled);
  });

  it('written while the sales are read (the screen\'s order), it holds the same files, byte for byte', async () => {
    const src = sources();
    const whole = await build(src, undefined);
    let release: (files: readonly PlannedFile[]) => void = () => undefined;
    const documents = planDocuments(src);
    const rest = new Promise<readonly PlannedFile[]>((resolve) => (release = resolve));
    const chunks: Uint8Array[] = [];
    const progress: { done: number; total: number }[] = [];
    const writing = writePackage(documents, { onChunk: (c) => chunks.push(c), onProgress: (p) => progress.push(p), rest, expectedTotal: whole.plan.files.length, now: new Date(2026, 10, 1) });
    // The documents' files are written before the sales arrive.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(progress.length).toBeGreaterThan(0);
    release(planSalesPart(documents, src).added);
    const result = await writing;
    const files = joinChunks(chunks);
    expect(Object.keys(files).sort()).toEqual(Object.keys(whole.files).sort());
    for (const name of Object.keys(files).filter((n) => !n.endsWith('.pdf'))) expect(files[name], name).toEqual(whole.files[name]);
    // The same problems; a PDF that fails while the sales are still being read comes first.
    expect(result.problems.map((p) => p.reason).sort()).toEqual(whole.result.problems.map((p) => p.reason).sort());
    expect(progress.every((p) => p.total === whole.plan.files.length)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: whole.plan.files.length, total: whole.plan.files.length });
  });

  it('a failed reading of the sales stops the package with its error, and no final chunk is handed over', async () => {
    const src = sources();
    const documents = planDocuments(src);
    let final = false;
    await expect(
      writePackage(documents, { onChunk: (_c, last) => (final ||= last), rest: Promise.reject(new Error('Lettura delle vendite non riuscita')) }),
    ).rejects.toThrow('Lettura delle vendite non riuscita');
    expect(final).toBe(false);
  });

  it('cancelled while the sales are still being read', async () => {
    const controller = new AbortController();
    const src = sources();
    const documents = planDocuments(src);
    const rest = new Promise<readonly PlannedFile[]>(() => undefined);
    const writing = writePackage(documents, { onChunk: () => undefined, rest, signal: controller.signal });
    // Every document's file written, the sales never arriving: 'Annulla' must not wait for them.
    setTimeout(() => controller.abort(), 50);
    await expect(writing).rejects.toBeInstanceOf(PackageCancelled);
  });
});
