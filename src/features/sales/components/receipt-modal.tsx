import { Modal } from '@/components/ui/modal';
import type { Sale } from '@/data/sale';
import { receiptKind, receiptMethodLabel, saleStatus } from '@/domain/sales/sales-list';
import { formatEuro } from '@/domain/money';
import { formatDateTime } from '@/lib/format';
import { ReceiptInvoicePanel } from './receipt-invoice-panel';

function posType(sale: Sale): string | undefined {
  const extra = sale.posAnswer?.extra ?? {};
  const value = extra.posType ?? extra.terminalType ?? extra.type ?? sale.posAnswer?.acquirer;
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * The receipt's 'Fattura' section for the owner: the panel when the shop may invoice now, otherwise the reason
 * (pack missing, or subscription past its grace) instead of a 'Crea fattura' the database would refuse.
 */
export type ReceiptInvoice = { shopId: string } | { denied: string };

/**
 * 'Scontrino': one sale as a receipt, legacy and new line shapes alike (through the Sale converter). `invoice`
 * (given to the shop's owner) adds the receipt's 'Fattura' section.
 */
export function ReceiptModal({ sale, onClose, invoice }: { sale: Sale | undefined; onClose: () => void; invoice?: ReceiptInvoice | undefined }) {
  const kind = sale ? receiptKind(sale) : 'other';
  return (
    <Modal open={sale !== undefined} title="Scontrino" onClose={onClose}>
      {sale ? (
        <div className="receipt" data-testid="receipt">
          <ReceiptStatus sale={sale} />
          <dl className="receipt__facts">
            <dt>Data</dt>
            <dd>{sale.date ? formatDateTime(sale.date) : '—'}</dd>
            <dt>Metodo</dt>
            <dd data-testid="receipt-method">{receiptMethodLabel(sale)}</dd>
            {kind === 'pos-auto' && posType(sale) ? (
              <>
                <dt>Tipo POS</dt>
                <dd>{posType(sale)}</dd>
              </>
            ) : null}
            {kind === 'manual-card' ? (
              <>
                <dt>Motivo manuale</dt>
                <dd data-testid="receipt-manual-reason">{sale.manualSaleReason?.trim() || 'Non indicato'}</dd>
              </>
            ) : null}
            <dt>Totale</dt>
            <dd>
              <strong>{formatEuro(sale.price)}</strong>
            </dd>
          </dl>
          {sale.lines.length === 0 ? (
            <p className="muted">Nessun articolo registrato.</p>
          ) : (
            <table className="data-table">
              <caption className="visually-hidden">Articoli</caption>
              <thead>
                <tr>
                  <th scope="col">Articolo</th>
                  <th scope="col">Quantità × prezzo</th>
                  <th scope="col">Totale</th>
                  <th scope="col">IVA</th>
                </tr>
              </thead>
              <tbody>
                {sale.lines.map((line) => (
                  <tr key={line.lineId}>
                    <td>{line.name || 'Articolo'}</td>
                    <td>
                      {line.qty} × {formatEuro(line.unitPrice)}
                      {line.discountPercent > 0 ? ` (sconto ${line.discountPercent}%)` : ''}
                    </td>
                    <td>{formatEuro(line.total)}</td>
                    <td>{line.vatRate !== undefined ? `${line.vatRate}%` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {invoice && 'shopId' in invoice ? <ReceiptInvoicePanel key={sale.id} shopId={invoice.shopId} sale={sale} /> : null}
          {invoice && 'denied' in invoice ? (
            <section className="receipt-invoice" aria-label="Fattura">
              <h3>Fattura</h3>
              <p className="banner banner--warning" data-testid="receipt-invoice-denied">{invoice.denied}</p>
            </section>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/** 'Annullato' / 'Preconto' at the top of the receipt, before any figure: it is not money taken. */
function ReceiptStatus({ sale }: { sale: Sale }) {
  const status = saleStatus(sale);
  if (!status) return null;
  return (
    <p className="banner banner--warning" data-testid="receipt-status">
      <strong>{status.label}</strong> — {status.note}
    </p>
  );
}
