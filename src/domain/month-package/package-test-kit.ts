/**
 * The month package's test fixtures: a month of issued invoices (a credit note, a rejected one, two unreadable), a
 * received one (its JSON only: the package writes its XML), DDTs, a closing and counter sales; `build` writes it into
 * a ZIP and unzips it.
 */
import { unzipSync } from 'fflate';
import { decodeCsvBytes, parseCsv, parseCsvNumber } from '@/domain/csv/csv';
import { toCents } from '@/domain/money';
import { buildInvoiceXml } from '@/domain/fatturapa/builder';
import { companyBuyer, input, line } from '@/domain/fatturapa/builder-test-kit';
import { fatturapaSchemaIndex } from '@/domain/fatturapa/json-form-xml';
import { loadFatturapaSchemas, loadSample } from '@/domain/fatturapa/test-fixtures';
import { planPackage, writePackage, type PackageSources } from './build';

/** The schema's index, as features/month-package/api.ts loads it for the package. */
export const FATTURAPA_SCHEMA = fatturapaSchemaIndex(String(loadFatturapaSchemas().main));

const invoice = (number: string, lines = [line()], extra = {}) => ({ xml: buildInvoiceXml(input({ number, date: '2026-10-05', lines, ...extra }, companyBuyer)) });

export function sources(over: Partial<PackageSources> = {}): PackageSources {
  const a = invoice('ABCDE-2026-1', [line({ grossUnitPrice: 12.2 }), line({ grossUnitPrice: 11, vatRate: 10 })]);
  const b = invoice('ABCDE-2026-2', [line({ grossUnitPrice: 24.4, quantity: 3 })]);
  const nc = invoice('ABCDE-2026-NC-1', [line({ grossUnitPrice: 12.2 })], { documentType: 'TD04', relatedInvoice: { number: 'ABCDE-2026-1', date: '2026-10-05' } });
  const rejected = invoice('ABCDE-2026-4', [line({ grossUnitPrice: 100 })]);
  return {
    shop: { vatNumber: '00743110157', name: 'Bottega Rossi' },
    period: { kind: 'month', year: 2026, month: 10 },
    invoices: {
      outgoing: [
        { id: 'a', payload: a.xml, marking: 'delivered' },
        { id: 'b', payload: b.xml, marking: 'sent' },
        { id: 'nc', payload: nc.xml, marking: 'delivered' },
        { id: 'r', payload: rejected.xml, marking: 'rejected', rejection: '00404 Fattura duplicata' },
        { id: 'broken', payload: '<FatturaElettronica><oops', marking: 'sent', describedAs: 'del 20/10/2026, 48,80 €' },
        { id: 'empty', payload: '', marking: 'sent' },
      ],
      incoming: [{ id: 'in1', payload: loadSample('FPR02', 'json'), marking: 'received', fileName: 'IT01234567890_FPR02.xml' }],
    },
    ddts: [
      { id: 'd1', number: '11/1', date: new Date(2026, 9, 3), counterpart: 'Trattoria', stateLabel: 'Confermato', renderPdf: () => new TextEncoder().encode('%PDF-1.3 ddt') },
      { id: 'd2', number: '11/2', date: new Date(2026, 9, 4), counterpart: 'Hotel', stateLabel: 'Confermato', renderPdf: () => { throw new Error('carattere non disegnabile'); } },
    ],
    closings: [{ id: 'z1', createdAt: new Date(2026, 9, 3, 20), number: 7, total: 30 }],
    sales: [
      { id: 's1', date: new Date(2026, 9, 3, 10), price: 12.2, method: 'Contanti', isVoid: false, lines: [{ total: 12.2, vatRate: 22 }], employeeName: 'Anna' },
      { id: 's2', date: new Date(2026, 9, 3, 11), price: 11, method: 'Bancomat', isVoid: false, lines: [{ total: 11, vatRate: 10 }], employeeName: 'Anna' },
      { id: 's3', date: new Date(2026, 9, 3, 12), price: 50, method: 'Contanti', isVoid: true, lines: [{ total: 50, vatRate: 22 }], employeeName: 'Anna' },
      { id: 's4', date: new Date(2026, 9, 3, 13), price: 6.1, method: 'Fattura', isVoid: false, lines: [{ total: 6.1, vatRate: 22 }], employeeName: 'Anna' },
    ],
    cutoff: 0,
    today: '2026-11-27',
    fatturapaSchema: FATTURAPA_SCHEMA,
    ...over,
  };
}

export function joinChunks(chunks: Uint8Array[]) {
  const zip = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    zip.set(c, at);
    at += c.length;
  }
  return unzipSync(zip);
}

export async function build(src: PackageSources, signal?: AbortSignal) {
  const plan = planPackage(src);
  const chunks: Uint8Array[] = [];
  const progress: number[] = [];
  const result = await writePackage(plan, { onChunk: (c) => chunks.push(c), onProgress: (p) => progress.push(p.done), signal });
  return { plan, result, files: joinChunks(chunks), progress };
}

export const csvCentsOf = (v: string | undefined) => toCents(parseCsvNumber(v ?? '', 'decimal-comma'));
export const csv = (bytes: Uint8Array | undefined) => parseCsv(decodeCsvBytes(bytes ?? new Uint8Array()).text).rows;
