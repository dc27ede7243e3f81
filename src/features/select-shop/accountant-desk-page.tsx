import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { italianError } from '@/lib/firebase-errors';
import { periodLabel, periodTag, previousMonth, type PackagePeriod } from '@/domain/month-package/period';
import { countOf } from '@/domain/numbers/format-count';
import type { Shop } from '@/data/shop';
import { useSession } from '@/stores/session';
import { loadDeskRows } from './api';
import { ShopsStatus } from './components/shops-status';
import { deskStatus, type DeskLine, type DeskStatus } from './desk-status';
import { useAccountantShops } from './use-accountant-shops';
import { useChooseShop } from './use-choose-shop';
import './accountant-desk.css';

/** The months the desk offers: the one before today's first (the month the accountant closes), back a year. */
function recentMonths(now: Date): PackagePeriod[] {
  return Array.from({ length: 13 }, (_, i) => previousMonth(new Date(now.getFullYear(), now.getMonth() + 1 - i, 1)));
}

type RowState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; desk: DeskStatus };
/** One object, so that a row still loading does not report a new state at each render. */
const LOADING: RowState = { status: 'loading' };

function Line({ line, testId }: { line: DeskLine; testId: string }) {
  return (
    <div className={`desk-line desk-line--${line.tone}`} data-testid={testId}>
      <span>{line.text}</span>
      {line.items ? (
        <ul className="desk-line__items">
          {line.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DeskRow({ shop, role, period, state }: { shop: Shop; role: string; period: PackagePeriod; state: RowState }) {
  const choose = useChooseShop();
  const tag = periodTag(period);
  const name = shop.name || shop.id;
  const place = [shop.city, shop.province].filter(Boolean).join(', ');
  return (
    <tr data-testid={`desk-row-${shop.id}`} className={state.status === 'ready' && state.desk.attention ? 'desk-row--attention' : undefined}>
      <th scope="row" className="card-title">
        <span className="desk-shop">{name}</span>
        {place ? <span className="muted desk-place">{place}</span> : null}
      </th>
      {state.status === 'loading' ? (
        <td colSpan={4} aria-busy="true" className="muted">
          Lettura del mese…
        </td>
      ) : state.status === 'error' ? (
        <td colSpan={4} role="alert" className="form-error">
          {state.message}
        </td>
      ) : (
        <>
          <td data-label="Pacchetto">
            <Line line={state.desk.package} testId="desk-package" />
          </td>
          <td data-label="Fatture SDI">
            <Line line={state.desk.sdi} testId="desk-sdi" />
          </td>
          <td data-label="Chiusure">
            <Line line={state.desk.closings} testId="desk-closings" />
          </td>
          <td data-label="Ultima vendita">
            <Line line={state.desk.lastSale} testId="desk-last-sale" />
          </td>
        </>
      )}
      <td>
        <div className="desk-actions">
          <button type="button" className="button button--primary" aria-label={`Pacchetto di ${periodLabel(period)} di ${name}`} onClick={() => choose(shop.id, role, `/month-package?periodo=${tag}`)}>
            Pacchetto
          </button>
          <button type="button" className="button button--ghost" aria-label={`Chiusure di ${name}`} onClick={() => choose(shop.id, role, `/zreport?mese=${tag}`)}>
            Chiusure
          </button>
          <button type="button" className="button button--ghost" aria-label={`Fatture di ${name}`} onClick={() => choose(shop.id, role, '/invoices')}>
            Fatture
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * /accountant: the accountant's desk. Every shop that invited this accountant in one table for one month: the
 * package (not yet downloaded, downloaded, changed since), what is due at the SDI, the closings that do not
 * reconcile, the last sale synced; from a row, one click to that shop's package, closings or invoices.
 */
export default function AccountantDeskPage() {
  const state = useAccountantShops();
  const [now] = useState(() => new Date());
  const months = recentMonths(now);
  const [tag, setTag] = useState(() => periodTag(previousMonth(now)));
  const period = months.find((m) => periodTag(m) === tag) ?? previousMonth(now);
  const uid = useSession((s) => s.uid);
  const shops = state.status === 'ready' ? state.shops : [];
  const key = `${uid ?? ''}|${tag}|${shops.map((s) => s.shop.id).join(',')}`;
  // The rows belong to the user, month and shops they were asked for: another choice starts from 'loading'.
  const [answers, setAnswers] = useState<{ key: string; rows: Record<string, RowState> }>({ key: '', rows: {} });
  const rows = answers.key === key ? answers.rows : {};
  useEffect(() => {
    if (!uid || shops.length === 0) return;
    let live = true;
    void loadDeskRows(shops.map((s) => s.shop), uid, period, (shopId, result) => {
      if (!live) return;
      const row: RowState = result.status === 'fulfilled' ? { status: 'ready', desk: deskStatus(result.value) } : { status: 'error', message: `Dati non disponibili: ${italianError(result.reason)}` };
      setAnswers((current) => ({ key, rows: { ...(current.key === key ? current.rows : {}), [shopId]: row } }));
    });
    return () => {
      live = false;
    };
    // The key stands for the user, the month and the shops (new objects of the same ones are the same table).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const monthId = useId();

  const settled = shops.map((s) => rows[s.shop.id]).filter((r): r is RowState => r !== undefined && r.status !== 'loading');
  const attention = settled.filter((r) => r.status === 'ready' && r.desk.attention).length;
  return (
    <section className="page accountant-desk">
      <div className="select-shop__header">
        <h1>Scrivania del commercialista</h1>
        <Link to="/select-shop">Scegli un negozio</Link>
      </div>
      <div className="desk-toolbar">
        <label htmlFor={monthId}>Mese</label>
        <select id={monthId} value={tag} onChange={(e) => setTag(e.target.value)}>
          {months.map((m) => (
            <option key={periodTag(m)} value={periodTag(m)}>
              {periodLabel(m)}
            </option>
          ))}
        </select>
        {shops.length > 0 ? (
          <p className="muted" role="status" aria-live="polite" data-testid="desk-summary">
            {settled.length < shops.length
              ? `Lettura di ${countOf(shops.length, 'negozio', 'negozi')}: ${settled.length} pronti…`
              : `${countOf(shops.length, 'negozio', 'negozi')} · ${attention === 0 ? 'tutto in ordine' : `${countOf(attention, 'da controllare', 'da controllare')}`}`}
          </p>
        ) : null}
      </div>
      <ShopsStatus state={state} />
      {shops.length > 0 ? (
        <div className="desk-table-wrap">
          <table className="desk-table data-table--cards">
            <caption className="visually-hidden">Negozi e stato di {periodLabel(period)}</caption>
            <thead>
              <tr>
                <th scope="col">Negozio</th>
                <th scope="col">Pacchetto di {periodLabel(period)}</th>
                <th scope="col">Fatture SDI</th>
                <th scope="col">Chiusure del mese</th>
                <th scope="col">Ultima vendita</th>
                <th scope="col">
                  <span className="visually-hidden">Azioni</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shops.map(({ shop, role }) => (
                <DeskRow key={shop.id} shop={shop} role={role} period={period} state={rows[shop.id] ?? LOADING} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
