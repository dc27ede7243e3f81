import { Modal } from '@/components/ui/modal';
import type { Ddt } from '@/data/ddt';
import { canCancel, DDT_PORTO_LABEL, DDT_STATE_LABEL, DDT_TRANSPORT_LABEL, ddtTotalCents } from '@/domain/ddt/ddt';
import { formatEuro } from '@/domain/money';
import { formatDate, formatDateTime } from '@/lib/format';
import { recipientName } from '../api';

interface Props {
  ddt: Ddt | undefined;
  busy: boolean;
  error?: string;
  canWrite: boolean;
  onClose: () => void;
  onCancel: (ddt: Ddt) => void;
  onPrint: (ddt: Ddt, withPrices: boolean) => void;
}

const qty = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

/** A confirmed (or invoiced, or cancelled) note: read-only, printable, cancellable before invoicing. */
export function DdtViewModal({ ddt, busy, error, canWrite, onClose, onCancel, onPrint }: Props) {
  return (
    <Modal
      open={ddt !== undefined}
      title={ddt ? `DDT n. ${ddt.number ?? '—'}` : 'DDT'}
      onClose={onClose}
      footer={
        ddt ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Chiudi
            </button>
            <button type="button" className="button" onClick={() => onPrint(ddt, false)} disabled={busy}>
              PDF senza prezzi
            </button>
            <button type="button" className="button" onClick={() => onPrint(ddt, true)} disabled={busy}>
              PDF con prezzi
            </button>
            {canWrite && canCancel(ddt.state) ? (
              <button type="button" className="button button--danger" onClick={() => onCancel(ddt)} disabled={busy}>
                Annulla DDT
              </button>
            ) : null}
          </>
        ) : null
      }
    >
      {ddt ? (
        <div className="ddt-view" data-testid="ddt-view">
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <dl className="ddt-view__facts">
            <dt>Stato</dt>
            <dd data-testid="ddt-view-state">{DDT_STATE_LABEL[ddt.state]}</dd>
            <dt>Numero</dt>
            <dd data-testid="ddt-view-number">{ddt.number ?? '—'}</dd>
            <dt>Data</dt>
            <dd>{ddt.date ? formatDate(ddt.date) : '—'}</dd>
            <dt>Destinatario</dt>
            <dd>
              {recipientName(ddt.recipient)}
              {ddt.recipient.city ? ` — ${[ddt.recipient.address, ddt.recipient.cap, ddt.recipient.city, ddt.recipient.province].filter(Boolean).join(' ')}` : ''}
            </dd>
            {ddt.destination ? (
              <>
                <dt>Destinazione</dt>
                <dd>{[ddt.destination.name, ddt.destination.address, ddt.destination.cap, ddt.destination.city, ddt.destination.province].filter(Boolean).join(' ')}</dd>
              </>
            ) : null}
            <dt>Causale</dt>
            <dd>{ddt.causale}</dd>
            <dt>Trasporto a cura del</dt>
            <dd>
              {DDT_TRANSPORT_LABEL[ddt.transportBy]}
              {ddt.transportBy === 'vettore' && ddt.carrier ? ` — ${ddt.carrier.name}` : ''}
            </dd>
            <dt>Porto</dt>
            <dd>{DDT_PORTO_LABEL[ddt.porto]}</dd>
            <dt>Aspetto dei beni</dt>
            <dd>{ddt.aspetto || '—'}</dd>
            <dt>Colli / Peso</dt>
            <dd>
              {ddt.colli ?? '—'} / {ddt.peso === undefined ? '—' : `${qty.format(ddt.peso)} kg`}
            </dd>
            <dt>Inizio trasporto</dt>
            <dd>{ddt.transportStart ? formatDateTime(ddt.transportStart) : '—'}</dd>
            {ddt.invoiceNumber || ddt.invoiceId ? (
              <>
                <dt>Fattura</dt>
                <dd>{ddt.invoiceNumber ?? 'Bozza di fattura differita'}</dd>
              </>
            ) : null}
          </dl>
          <table className="data-table">
            <caption className="visually-hidden">Righe</caption>
            <thead>
              <tr>
                <th scope="col">Codice</th>
                <th scope="col">Descrizione</th>
                <th scope="col">U.M.</th>
                <th scope="col" className="num">Quantità</th>
                <th scope="col" className="num">Prezzo</th>
              </tr>
            </thead>
            <tbody>
              {ddt.lines.map((l, i) => (
                <tr key={i}>
                  <td>{l.code}</td>
                  <td>{l.description}</td>
                  <td>{l.um}</td>
                  <td className="num">{qty.format(l.quantity)}</td>
                  <td className="num">{l.unitPrice === undefined ? '—' : formatEuro(l.unitPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">Valore dei beni: {formatEuro(ddtTotalCents(ddt.lines) / 100)}</p>
          {ddt.notes ? <p>Note: {ddt.notes}</p> : null}
        </div>
      ) : null}
    </Modal>
  );
}
