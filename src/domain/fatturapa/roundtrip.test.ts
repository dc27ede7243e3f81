/**
 * Builder → reader round trip on the seeded corpus: the view model read back from each generated XML carries
 * every amount the builder computed (lines, adjustments, VAT summary, totals, payment), and the identifying data.
 */
import { describe, expect, it } from 'vitest';
import * as D from '../money/decimal';
import type { Decimal } from '../money/decimal';
import { buildInvoiceXml, computeInvoiceAmounts, resolveTerms } from './builder';
import { documentTypeLabel, paymentMethodLabel } from './codes';
import { resolveRecipient } from './parties';
import { readOutgoingXml } from './reader';
import { generateCorpus } from './test-corpus';

const corpus = generateCorpus(977, 150);
const n = (d: Decimal): number => D.toNumber(d);

describe('builder → reader round trip', () => {
  it('keeps every amount, date, code and party of 150 generated invoices', () => {
    for (const [i, input] of corpus.entries()) {
      const where = `#${String(i + 1)}`;
      const xml = buildInvoiceXml(input);
      const views = readOutgoingXml(xml);
      expect(views, where).toHaveLength(1);
      const view = views[0];
      if (!view) throw new Error(where);

      const recipient = resolveRecipient(input.buyer);
      const terms = resolveTerms(input.draft, recipient);
      const amounts = computeInvoiceAmounts(input.draft, terms.esigibilita);

      expect(view.format, where).toBe(recipient.format);
      expect(view.documentType, where).toBe(terms.documentType);
      expect(view.documentTypeLabel, where).toBe(documentTypeLabel(terms.documentType));
      expect(view.number, where).toBe(input.draft.number);
      expect(view.date, where).toBe(input.draft.date);
      expect(view.currency, where).toBe('EUR');
      expect(view.buyer.codiceDestinatario, where).toBe(recipient.codiceDestinatario);
      expect(view.buyer.pec, where).toBe(recipient.pec);
      expect(view.seller.vatId?.country, where).toBe('IT');
      expect(view.seller.vatId?.code, where).toBe(input.seller.partitaIva);
      expect(view.relatedDocuments, where).toEqual(
        input.draft.relatedInvoice ? [{ id: input.draft.relatedInvoice.number, date: input.draft.relatedInvoice.date }] : [],
      );

      expect(view.lines.length, where).toBe(amounts.lines.length);
      amounts.lines.forEach((l, k) => {
        const v = view.lines[k];
        expect(v, `${where} line ${String(k + 1)}`).toMatchObject({
          number: l.numero,
          description: l.description,
          quantity: n(l.quantity),
          unitPrice: n(l.unitPrice),
          total: n(l.total),
          vatRate: n(l.vatRate),
        });
        expect(v?.natura, where).toBe(l.natura);
        expect(v?.articleCode, where).toBe(l.code);
        const a = l.adjustment;
        expect(v?.adjustments, where).toEqual(
          a ? [{ type: a.tipo, ...(a.percent ? { percent: n(a.percent) } : {}), ...(a.amount ? { amount: n(a.amount) } : {}) }] : [],
        );
      });

      expect(
        view.vatSummary.map((s) => [s.vatRate, s.natura, s.taxable, s.tax, s.esigibilita]),
        where,
      ).toEqual(amounts.summaries.map((s) => [n(s.vatRate), s.natura, n(s.imponibile), n(s.imposta), s.esigibilita]));
      expect(view.totalDocument, where).toBe(n(amounts.total));
      expect(view.total, where).toBe(n(amounts.total));
      expect(view.payment, where).toMatchObject({
        condition: terms.paymentCondition,
        method: terms.paymentMethod,
        methodLabel: paymentMethodLabel(terms.paymentMethod),
        dueDate: terms.dueDate,
        amount: n(amounts.payable),
      });
    }
  });
});
