import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvNumber, toCsv } from '@/domain/csv/csv';
import { ZREPORT_CSV_HEADERS, zreportCsvRows } from './export';
import { reconcileDays } from './reconcile';

describe('zreport CSV', () => {
  it('reads back through the importer with the same totals, missing figures as empty cells', () => {
    const rows = reconcileDays(
      [
        { date: new Date(2026, 4, 4, 10), price: 12.35, method: 'contanti', isVoid: false },
        { date: new Date(2026, 4, 4, 11), price: 7.1, method: 'bancomat', isVoid: false },
        { date: new Date(2026, 4, 5, 11), price: 3, method: 'contanti', isVoid: false },
      ],
      [{ id: 'z1', createdAt: new Date(2026, 4, 4, 20, 15), number: 1201, total: 14.45, cashTotal: 7.35 }],
      '2026-05-10',
    );
    const csv = parseCsv(toCsv(ZREPORT_CSV_HEADERS, zreportCsvRows(rows)).replace(/^\uFEFF/, ''));
    expect(csv.rows).toHaveLength(2);
    const [first, second] = csv.rows;
    expect(first?.Data).toBe('04/05/2026');
    expect(first?.['N. chiusura']).toBe('1201');
    expect(first?.['Ora chiusura']).toBe('20:15');
    expect(parseCsvNumber(first?.['Totale chiusura'] ?? '')).toBe(14.45);
    expect(parseCsvNumber(first?.['Vendite POS totale'] ?? '')).toBe(19.45);
    expect(parseCsvNumber(first?.Differenza ?? '')).toBe(-5);
    expect(first?.['Carte chiusura']).toBe('');
    expect(first?.Esito).toBe('Differenza');
    expect(second?.['Totale chiusura']).toBe('');
    expect(second?.Esito).toBe('Vendite senza chiusura');
  });
});
