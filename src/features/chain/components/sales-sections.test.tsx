// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeSale } from '@/data/sale';
import { normalizeShop } from '@/data/shop-doc';
import { RecentSection, StatsSection } from './sales-sections';
import type { ChainContext } from './section-kit';

const master = normalizeShop('shop-1', { userId: 'shop-1', name: 'Negozio Centro' });
const context: ChainContext = { master, members: [], sharing: [], reload: () => undefined };
const at = (minute: number) => new Date(2026, 2, 10, 12, minute);
const sales = ['contanti', 'bancomat', 'Fattura', 'Satispay ', ''].map((method, i) => normalizeSale(`s${String(i)}`, { userId: 'shop-1', method, price: 5, isVoid: false, date: at(59 - i) }));

vi.mock('../api', () => ({
  loadRecentSales: () => Promise.resolve(sales),
  loadChainFigures: () => Promise.resolve({ figures: [], documentsRead: 7, aggregations: 12 }),
}));

afterEach(cleanup);

describe('RecentSection', () => {
  it("shows each sale's method as methodLabel does, one spelling per family", async () => {
    render(<RecentSection context={context} />);
    const table = await screen.findByRole('table', { name: 'Vendite recenti della catena' });
    const methods = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2]?.textContent);
    expect(methods).toEqual(['Contanti', 'Bancomat', 'Fatture', 'Satispay', 'N/D']);
  });
});

describe('StatsSection', () => {
  it('keeps what the figures cost to read off the screen, on the element for the checks', async () => {
    render(<StatsSection context={context} />);
    await screen.findByRole('table', { name: 'Vendite per negozio e metodo di pagamento' });
    const cost = screen.getByTestId('stats-cost');
    expect([cost.dataset.aggregations, cost.dataset.documentsRead]).toEqual(['12', '7']);
    expect(document.body.textContent).not.toMatch(/query di aggregazione|documenti letti/);
  });
});
