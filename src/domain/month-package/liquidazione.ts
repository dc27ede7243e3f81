/**
 * liquidazione-iva.csv: the period's VAT settlement as the package can know it — the VAT of the sales (issued
 * invoices and corrispettivi), of the purchases, and the balance, with the figures and the words of riepilogo-iva.csv
 * and .pdf (one VatSummary, one balanceLine). Last period's credit is not known to the package: its row says so and
 * the balance does not count it.
 */
import { toCsv, type CsvCell } from '@/domain/csv/csv';
import type { Cents } from '@/domain/money';
import type { PackagePeriod } from './period';
import { balanceLine, INDICATIVE_NOTE, type VatSummary } from './vat-summary';

export const SETTLEMENT_HEADERS = ['Voce', 'Importo', 'Note'] as const;
export const SETTLEMENT_ROWS = {
  salesInvoices: 'IVA sulle vendite: fatture emesse',
  salesCorrispettivi: 'IVA sulle vendite: corrispettivi',
  sales: 'IVA sulle vendite',
  purchases: 'IVA sugli acquisti',
  previousCredit: { month: 'Credito del mese precedente', quarter: 'Credito del trimestre precedente' },
} as const;

const euro = (c: Cents): number => c / 100;

export function settlementCsv(summary: VatSummary, period: PackagePeriod): string {
  const due = (section: 'emesse' | 'corrispettivi') => summary.lines.filter((l) => l.section === section && !l.splitPayment).reduce((s, l) => s + l.taxCents, 0);
  const split = summary.lines.some((l) => l.section === 'emesse' && l.splitPayment);
  const balance = balanceLine(summary);
  const body: CsvCell[][] = [
    [SETTLEMENT_ROWS.salesInvoices, euro(due('emesse')), split ? "Esclusa l'IVA in scissione dei pagamenti: la versa l'ente pubblico." : ''],
    [SETTLEMENT_ROWS.salesCorrispettivi, euro(due('corrispettivi')), 'Scorporo sul totale del periodo di ciascuna aliquota.'],
    [SETTLEMENT_ROWS.sales, euro(summary.vatDueCents), 'Fatture emesse e corrispettivi.'],
    [SETTLEMENT_ROWS.purchases, euro(summary.vatDeductibleCents), 'Fatture ricevute nel periodo (data di ricezione dallo SDI).'],
    [balance.label, euro(balance.cents), 'Importo sempre positivo: il segno è nella voce.'],
    [SETTLEMENT_ROWS.previousCredit[period.kind], '', 'non noto: il pacchetto non conosce la liquidazione precedente; il saldo sopra non ne tiene conto.'],
    ['Nota', '', INDICATIVE_NOTE],
  ];
  return toCsv(SETTLEMENT_HEADERS, body);
}
