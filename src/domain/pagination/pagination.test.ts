import { describe, expect, it } from 'vitest';
import { pageCount, pageSlice, pageWindow, showingText } from './pagination';

describe('pagination', () => {
  it('shows at most 5 page buttons around the current page', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9]);
  });
  it('says which rows are shown, with the noun of the list', () => {
    expect(showingText(0, 20, 45, 'vendite')).toBe('Mostrando 1 - 20 di 45 vendite');
    expect(showingText(2, 20, 45, 'clienti')).toBe('Mostrando 41 - 45 di 45 clienti');
    expect(showingText(0, 20, 0, 'clienti')).toBe('Mostrando 0 - 0 di 0 clienti');
    expect(showingText(0, 20, 1, 'vendite', 'vendita')).toBe('Mostrando 1 - 1 di 1 vendita');
    expect(showingText(0, 20, 2, 'vendite', 'vendita')).toBe('Mostrando 1 - 2 di 2 vendite');
    expect(showingText(0, 20, 1, 'ticket')).toBe('Mostrando 1 - 1 di 1 ticket');
  });
  it('clamps the page when the list shrank under it', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageSlice(rows, 2, 20)).toEqual({ page: 2, rows: [40, 41, 42, 43, 44] });
    expect(pageSlice(rows.slice(0, 10), 2, 20)).toEqual({ page: 0, rows: rows.slice(0, 10) });
  });
});
