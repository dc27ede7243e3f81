import { PendingBadge } from '@/components/ui/pending-badge';
import type { Ddt } from '@/data/ddt';
import { canEdit, canInvoice, DDT_STATE_LABEL } from '@/domain/ddt/ddt';
import { formatDate } from '@/lib/format';
import { recipientName } from '../api';

const qty = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

interface Props {
  year: number;
  shown: Ddt[];
  isOwner: boolean;
  /** The owner may make a deferred invoice now (pack Fatturazione, subscription within its grace). */
  selectable: boolean;
  busy: boolean;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  open: (d: Ddt) => void;
  confirmFromList: (d: Ddt) => Promise<void>;
  askDelete: (d: Ddt) => void;
  /** Notes saved on this device and not yet confirmed by the server (no connection). */
  pendingIds?: ReadonlySet<string>;
}

/** The notes of the year: number, date, recipient, causale, state, colli, peso; selection for the deferred invoice. */
export function DdtTable({ year, shown, isOwner, selectable, busy, selected, toggle, open, confirmFromList, askDelete, pendingIds }: Props) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="ddt-table">
        <caption className="visually-hidden">DDT del {year}</caption>
        <thead>
          <tr>
            {selectable ? (
              <th scope="col">
                <span className="visually-hidden">Seleziona</span>
              </th>
            ) : null}
            <th scope="col">Numero</th>
            <th scope="col">Data</th>
            <th scope="col">Destinatario</th>
            <th scope="col">Causale</th>
            <th scope="col">Stato</th>
            <th scope="col" className="num">Colli</th>
            <th scope="col" className="num">Peso (kg)</th>
            <th scope="col">
              <span className="visually-hidden">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((d) => {
            const name = recipientName(d.recipient) || 'Senza destinatario';
              return (
              <tr key={d.id} data-ddt-id={d.id} data-state={d.state}>
                {selectable ? (
                  <td>
                    {canInvoice(d.state) ? (
                      <input type="checkbox" checked={selected.has(d.id)} onChange={() => toggle(d.id)} aria-label={`Seleziona il DDT ${d.number ?? ''} di ${name}`} />
                    ) : null}
                  </td>
                ) : null}
                <td data-testid="ddt-number">{d.number ?? <span className="muted">—</span>}</td>
                <td>{d.date ? formatDate(d.date) : '—'}</td>
                <td>{name}</td>
                <td>{d.causale || '—'}</td>
                <td>
                  <span className={`ddt-state ddt-state--${d.state}`} data-testid="ddt-state">
                    {DDT_STATE_LABEL[d.state]}
                  </span>
                  {pendingIds?.has(d.id) ? <PendingBadge testId="ddt-pending" /> : null}
                </td>
                <td className="num">{d.colli ?? '—'}</td>
                <td className="num">{d.peso === undefined ? '—' : qty.format(d.peso)}</td>
                <td>
                  <div className="ddt__actions">
                    <button type="button" className="button" onClick={() => open(d)} aria-label={`${canEdit(d.state) && isOwner ? 'Modifica' : 'Apri'} il DDT ${d.number ?? 'in bozza'} di ${name}`}>
                      {canEdit(d.state) && isOwner ? 'Modifica' : 'Apri'}
                    </button>
                    {isOwner && canEdit(d.state) ? (
                      <>
                        <button type="button" className="button" onClick={() => void confirmFromList(d)} disabled={busy} aria-label={`Conferma il DDT in bozza di ${name}`}>
                          Conferma
                        </button>
                        <button type="button" className="button button--ghost" onClick={() => askDelete(d)} aria-label={`Elimina la bozza di ${name}`}>
                          Elimina
                        </button>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
