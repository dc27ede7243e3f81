import type { StatCard } from '@/components/ui/stat-cards';
import { formatEuro } from '@/domain/money';
import type { SalesStatistics } from '@/domain/statistics/sales-statistics';

/**
 * What 'Utile Stimato' subtracts, said where the figure is: the costs are the purchase invoices received in the
 * period (the incoming invoices), not the purchase prices of the products sold, so a month whose goods were
 * invoiced in another month reads high, and one with a large purchase reads low.
 */
export const PROFIT_NOTE = 'Vendite meno le fatture d’acquisto ricevute nel periodo, non i prezzi d’acquisto dei prodotti venduti.';

const number = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

/** The summary cards of 'Statistiche Vendite' (document 3 §2.4), in the specification's order and titles. */
export function statisticsCards(stats: SalesStatistics): StatCard[] {
  return [
    { id: 'total-sales', label: 'Vendite Totali', value: formatEuro(stats.totalSales) },
    { id: 'total-costs', label: 'Costi Totali', value: formatEuro(stats.totalCosts) },
    { id: 'profit', label: 'Utile Stimato', value: formatEuro(stats.profit), note: PROFIT_NOTE },
    { id: 'unique-customers', label: 'Clienti Unici', value: String(stats.uniqueCustomers) },
    { id: 'products-sold', label: 'Prodotti Venduti', value: number.format(stats.productsSold) },
    { id: 'transactions', label: 'Transazioni', value: String(stats.transactions) },
  ];
}
