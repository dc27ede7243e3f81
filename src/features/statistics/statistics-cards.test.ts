import { describe, expect, it } from 'vitest';
import { EMPTY_STATISTICS } from '@/domain/statistics/sales-statistics';
import { PROFIT_NOTE, statisticsCards } from './statistics-cards';

describe('statisticsCards', () => {
  it("keeps the specification's titles and says under 'Utile Stimato' what its costs are", () => {
    const cards = statisticsCards({ ...EMPTY_STATISTICS, totalSales: 1250, totalCosts: 400, profit: 850, productsSold: 12.5 });
    expect(cards.map((c) => c.label)).toEqual(['Vendite Totali', 'Costi Totali', 'Utile Stimato', 'Clienti Unici', 'Prodotti Venduti', 'Transazioni']);
    const profit = cards.find((c) => c.id === 'profit');
    expect(profit?.note).toBe(PROFIT_NOTE);
    expect(PROFIT_NOTE).toContain('fatture d’acquisto ricevute nel periodo');
    expect(cards.filter((c) => c.note !== undefined)).toHaveLength(1);
    expect(cards.find((c) => c.id === 'products-sold')?.value).toBe('12,5');
  });
});
