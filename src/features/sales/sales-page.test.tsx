// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { normalizeSale, type Sale } from '@/data/sale';
import SalesPage from './sales-page';
import type { SaleRow } from './hooks/use-sales';

const sale = (id: string, method: string): Sale => normalizeSale(id, { userId: 'shop-1', method, price: 10, isVoid: false, date: new Date(2026, 2, 10, 12, 0) });
const rows: SaleRow[] = ['contanti', 'Contanti ', 'Bancomat', 'bancomat', 'fatture', 'Fattura', ' Satispay', ''].map((m, i) => ({ sale: sale(`s${String(i)}`, m), employeeName: 'Giulia' }));

vi.mock('./hooks/use-sales', () => ({
  useSales: () => ({
    rows, complete: true, settled: true, loading: false, loadingWhole: false, error: undefined, hasMore: false, total: rows.length,
    loadMore: () => undefined, loadWhole: () => undefined, periodRows: () => Promise.resolve(rows),
  }),
}));
vi.mock('@/stores/permissions', () => ({ useFeature: () => ({ kind: 'wait' }) }));
vi.mock('@/lib/use-near-viewport', () => ({ useNearViewport: () => false }));

beforeAll(() => {
  // jsdom has no modal dialogs: the open attribute is all this test needs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

describe('SalesPage: the method column', () => {
  it('shows one spelling per payment family, other methods trimmed, N/D for none; the receipt says the same', () => {
    render(<SalesPage />);
    const cells = within(screen.getByTestId('sales-table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2]?.textContent);
    expect(cells).toEqual(['Contanti', 'Contanti', 'Bancomat', 'Bancomat', 'Fatture', 'Fatture', 'Satispay', 'N/D']);
    fireEvent.click(within(screen.getByTestId('sales-table')).getAllByRole('button', { name: /Apri/ })[5]!);
    expect(screen.getByTestId('receipt-method').textContent).toBe('Fatture');
  });
});
