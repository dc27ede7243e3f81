import { useMemo } from 'react';
import { receiptsOfInvoiceQuery, type SdiReceipt } from '@/data/sdi-receipt';
import { receiptFileName } from '@/data/sdi-receipt-doc';
import { NOTIFICATION_TYPE_LABELS } from '@/domain/sdi-lifecycle/receipt-labels';
import { downloadBytes } from '@/lib/download';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';

function typeLabel(receipt: SdiReceipt): string {
  const label = NOTIFICATION_TYPE_LABELS[receipt.type as keyof typeof NOTIFICATION_TYPE_LABELS] ?? `Notifica ${receipt.type}`;
  if (receipt.type !== 'NE' || !receipt.outcome) return label;
  return `${label}: ${receipt.outcome === 'EC01' ? 'accettata' : receipt.outcome === 'EC02' ? 'rifiutata' : receipt.outcome}`;
}

/** 'Ricevute SDI': every notification the SDI sent for the invoice, oldest first, each with its original XML. */
export function SdiReceipts({ shopId, invoiceId }: { shopId: string; invoiceId: string }) {
  const q = useMemo(() => (shopId && invoiceId ? receiptsOfInvoiceQuery(shopId, invoiceId) : null), [shopId, invoiceId]);
  const receipts = useLiveQuery(q, `${shopId}/${invoiceId}`);
  return (
    <section className="sdi-receipts" aria-label="Ricevute SDI" data-testid="sdi-receipts">
      <h4>Ricevute SDI</h4>
      {receipts.status === 'loading' ? <p className="muted">Caricamento ricevute…</p> : null}
      {receipts.status === 'error' ? <p className="form-error">Ricevute non disponibili: {receipts.error}</p> : null}
      {receipts.status === 'ready' && receipts.data.length === 0 ? <p className="muted">Nessuna ricevuta dello SDI per questa fattura.</p> : null}
      {receipts.status === 'ready' && receipts.data.length > 0 ? (
        <ul>
          {receipts.data.map((r) => (
            <li key={r.id} data-testid="sdi-receipt" data-type={r.type}>
              <strong>{typeLabel(r)}</strong> {r.createdAt ? `del ${formatDateTime(r.createdAt)}` : ''}
              {r.xml ? (
                <button type="button" className="button button--ghost" onClick={() => downloadBytes(receiptFileName(r), r.xml ?? new Uint8Array())} aria-label={`Scarica l'XML della ricevuta ${typeLabel(r)}`}>
                  Scarica XML
                </button>
              ) : (
                <span className="muted"> — XML {r.xmlMissing ?? 'non disponibile'}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
