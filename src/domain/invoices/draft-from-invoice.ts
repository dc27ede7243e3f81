/**
 * Draft lines from a sent invoice's view (document 2 §4.4 recreate a missing draft, §4.5 credit note): the
 * draft stores prices VAT included (as the POS sells), the XML net prices, so each unit price is grossed up at
 * its rate and rounded to the cent. Quantity 1 and VAT 22 when the line has none (§4.5 defaults).
 */
import { DEFAULT_VAT_RATE } from '../fatturapa/codes';
import type { InvoiceView } from '../fatturapa/invoice-view';
import { dec, mul, round, toFixed } from '../money/decimal';

export interface DraftItem {
  code?: string;
  name: string;
  qty: number;
  unitPrice: number;
  vatRate: number;
  total: number;
}

const cents = (value: ReturnType<typeof dec>) => Number(toFixed(round(value, 2), 2));

export function draftItemsFromView(view: InvoiceView): DraftItem[] {
  return view.lines.map((line) => {
    const vatRate = line.natura ? 0 : Number.isFinite(line.vatRate) ? line.vatRate : DEFAULT_VAT_RATE;
    const qty = line.quantity !== undefined && line.quantity > 0 ? line.quantity : 1;
    const gross = cents(mul(dec(line.unitPrice), dec(1 + vatRate / 100)));
    return { code: line.articleCode, name: line.description, qty, unitPrice: gross, vatRate, total: cents(mul(dec(gross), dec(qty))) };
  });
}
