import { Modal } from '@/components/ui/modal';
import { CLOSING_FIELD_FAMILY, FAMILY_LABEL, STATUS_LABEL, type DayReconciliation } from '@/domain/zreport/reconcile';
import { formatEuro } from '@/domain/money';
import { formatDate, formatDateTime } from '@/lib/format';
import { Money, SignedMoney } from './money';
import { countOf } from '@/domain/numbers/format-count';

const FIELD_LABEL = { cashTotal: 'Contanti', cardTotal: 'Carte / Bancomat', invoiceTotal: 'Fatture' } as const;

/** One day: the closings as the printer stored them, and the closing beside the POS sales per method. */
export function DayDetailModal({ row, onClose }: { row: DayReconciliation | undefined; onClose: () => void }) {
  return (
    <Modal open={row !== undefined} title={row ? `Chiusura del ${formatDate(row.date)}` : 'Chiusura'} onClose={onClose}>
      {row ? (
        <div className="zreport-detail" data-testid="zreport-detail">
          <p>
            Esito: <strong>{STATUS_LABEL[row.status]}</strong>
          </p>
          <table className="data-table">
            <caption>Confronto con le vendite POS</caption>
            <thead>
              <tr>
                <th scope="col">Metodo</th>
                <th scope="col" className="num">Chiusura</th>
                <th scope="col" className="num">Vendite POS</th>
                <th scope="col" className="num">Differenza</th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(FIELD_LABEL) as (keyof typeof FIELD_LABEL)[]).map((field) => {
                const family = CLOSING_FIELD_FAMILY[field];
                return (
                  <tr key={field}>
                    <th scope="row">{FIELD_LABEL[field]}</th>
                    <td className="num">
                      <Money value={row.closing[field]} missing={row.closings.length ? 'Non indicato' : '—'} />
                    </td>
                    <td className="num">{formatEuro(row.sales.byFamily[family])}</td>
                    <td className="num">
                      <SignedMoney value={row.familyDifference[family]} />
                    </td>
                  </tr>
                );
              })}
              {row.sales.byFamily.altro !== 0 ? (
                <tr>
                  <th scope="row">{FAMILY_LABEL.altro}</th>
                  <td className="num muted">—</td>
                  <td className="num">{formatEuro(row.sales.byFamily.altro)}</td>
                  <td className="num muted">—</td>
                </tr>
              ) : null}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Totale</th>
                <td className="num" data-testid="detail-closing-total">
                  <Money value={row.closing.total} missing={row.closings.length ? 'Non indicato' : 'Nessuna chiusura'} />
                </td>
                <td className="num" data-testid="detail-sales-total">
                  {formatEuro(row.sales.total)}
                </td>
                <td className="num">
                  <SignedMoney value={row.difference} />
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="muted">
            Vendite POS: {countOf(row.sales.count, 'scontrino', 'scontrini')}; esclusi {countOf(row.sales.voidedCount, 'annullato', 'annullati')} e {countOf(row.sales.precontoCount, 'preconto', 'preconti')}.
          </p>
          {row.closings.length === 0 ? (
            <p className="form-error">Nessuna chiusura registrata per questo giorno: verificare sulla cassa che la chiusura fiscale sia stata eseguita.</p>
          ) : (
            <>
              <h3>{row.closings.length === 1 ? 'Chiusura registrata' : `${row.closings.length} chiusure registrate`}</h3>
              {row.closings.map((c) => (
                <dl key={c.id} className="zreport-detail__facts">
                  <dt>Numero</dt>
                  <dd>{c.number ?? <span className="muted">Non indicato</span>}</dd>
                  <dt>Data e ora</dt>
                  <dd>{c.createdAt ? formatDateTime(c.createdAt) : '—'}</dd>
                  <dt>Totale</dt>
                  <dd>
                    <Money value={c.total} />
                  </dd>
                  <dt>Contanti</dt>
                  <dd>
                    <Money value={c.cashTotal} />
                  </dd>
                  <dt>Carte / Bancomat</dt>
                  <dd>
                    <Money value={c.cardTotal} />
                  </dd>
                  <dt>Fatture</dt>
                  <dd>
                    <Money value={c.invoiceTotal} />
                  </dd>
                  <dt>Scontrini</dt>
                  <dd>{c.receiptsCount ?? <span className="muted">Non indicato</span>}</dd>
                  <dt>Annulli</dt>
                  <dd>{c.voidCount ?? <span className="muted">Non indicato</span>}</dd>
                  {c.deviceId ? (
                    <>
                      <dt>Dispositivo</dt>
                      <dd>{c.deviceId}</dd>
                    </>
                  ) : null}
                </dl>
              ))}
            </>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
