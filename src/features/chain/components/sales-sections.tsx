/** The chain dashboard's sales sections: figures per shop and method for a period, the shops compared, the latest sales. */
import { useMemo, useState, type FormEvent } from 'react';
import { addDays, format, startOfMonth } from 'date-fns';
import { Pager } from '@/components/ui/pager';
import type { Sale } from '@/data/sale';
import type { Shop } from '@/data/shop';
import { barPercent, chainTotals, PAYMENT_LABELS, PAYMENT_METHODS, RECENT_SALES_PAGE_SIZE } from '@/domain/chain/chain';
import { formatEuro } from '@/domain/money';
import { methodLabel } from '@/domain/sales/payment-family';
import { formatDateTime } from '@/lib/format';
import { loadChainFigures, loadRecentSales, type FiguresAnswer, type Range } from '../api';
import { LoadView, NotShared, shopName, useLoad, type ChainContext } from './section-kit';

const dayInput = (d: Date) => format(d, 'yyyy-MM-dd');
const fromInput = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  return y && m && d ? new Date(y, m - 1, d) : undefined;
};

function FiguresTable({ answer, shops, caption }: { answer: FiguresAnswer; shops: Shop[]; caption: string }) {
  const totals = chainTotals(answer.figures);
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">Negozio</th>
            {PAYMENT_METHODS.map((m) => (
              <th scope="col" key={m}>
                {PAYMENT_LABELS[m]}
              </th>
            ))}
            <th scope="col">Totale</th>
            <th scope="col">Vendite</th>
          </tr>
        </thead>
        <tbody>
          {answer.figures.map((f) => (
            <tr key={f.shopId} data-testid={`figures-${f.shopId}`}>
              <th scope="row">{shopName(shops, f.shopId)}</th>
              {PAYMENT_METHODS.map((m) => (
                <td key={m}>{formatEuro(f.byMethod[m].total)}</td>
              ))}
              <td>{formatEuro(f.total)}</td>
              <td>{f.count}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="figures-total">
            <th scope="row">Totale catena</th>
            {PAYMENT_METHODS.map((m) => (
              <td key={m}>{formatEuro(totals.byMethod[m].total)}</td>
            ))}
            <td>{formatEuro(totals.total)}</td>
            <td>{totals.count}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function StatsSection({ context }: { context: ChainContext }) {
  const today = new Date();
  const [from, setFrom] = useState(dayInput(startOfMonth(today)));
  const [to, setTo] = useState(dayInput(today));
  const [applied, setApplied] = useState({ from, to });
  const [error, setError] = useState<string | undefined>(undefined);
  const shops = useMemo(() => [context.master, ...context.sharing], [context]);
  const range: Range | undefined = useMemo(() => {
    const start = fromInput(applied.from);
    const end = fromInput(applied.to);
    return start && end ? { start, end: addDays(end, 1) } : undefined;
  }, [applied]);
  const load = useLoad(`stats|${shops.map((s) => s.id).join(',')}|${applied.from}|${applied.to}`, () => (range ? loadChainFigures(shops.map((s) => s.id), range) : Promise.resolve({ figures: [], documentsRead: 0, aggregations: 0 })));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = fromInput(from);
    const end = fromInput(to);
    if (!start || !end || start > end) {
      setError('Seleziona un intervallo di date valido.');
      return;
    }
    setError(undefined);
    setApplied({ from, to });
  };
  return (
    <>
      <form className="chain-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="chain-from">Dal</label>
          <input id="chain-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="chain-to">Al</label>
          <input id="chain-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary">
          Aggiorna
        </button>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
      </form>
      <LoadView load={load}>
        {(answer) => (
          // What the figures cost to read (aggregations, and sales read because their amount is text) is for the
          // e2e and benchmark checks, not for the owner: it stays on the element, unseen.
          <div data-testid="stats-cost" data-aggregations={answer.aggregations} data-documents-read={answer.documentsRead}>
            <FiguresTable answer={answer} shops={shops} caption="Vendite per negozio e metodo di pagamento" />
          </div>
        )}
      </LoadView>
      <NotShared context={context} />
    </>
  );
}

export function RecentSection({ context }: { context: ChainContext }) {
  const shops = useMemo(() => [context.master, ...context.sharing], [context]);
  const load = useLoad(`recent|${shops.map((s) => s.id).join(',')}`, () => loadRecentSales(shops.map((s) => s.id)));
  const [page, setPage] = useState(0);
  return (
    <>
      <LoadView load={load}>
        {(sales: Sale[]) => {
          const sorted = [...sales].sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0));
          const rows = sorted.slice(page * RECENT_SALES_PAGE_SIZE, (page + 1) * RECENT_SALES_PAGE_SIZE);
          return (
            <>
              <div className="table-scroll">
                <table className="data-table data-table--compact" aria-label="Vendite recenti della catena">
                  <thead>
                    <tr>
                      <th scope="col">Data</th>
                      <th scope="col">Negozio</th>
                      <th scope="col">Metodo</th>
                      <th scope="col">Importo</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((s) => (
                      <tr key={s.id} data-testid={`recent-${s.id}`}>
                        <td>{s.date ? formatDateTime(s.date) : '—'}</td>
                        <td>{shopName(shops, s.userId)}</td>
                        <td>{methodLabel(s.method)}{s.isVoid ? ' (annullata)' : ''}</td>
                        <td>{formatEuro(s.price)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={RECENT_SALES_PAGE_SIZE} total={sorted.length} onPage={setPage} noun="vendite" singular="vendita" testId="recent" />
            </>
          );
        }}
      </LoadView>
      <NotShared context={context} />
    </>
  );
}

export function CompareSection({ context }: { context: ChainContext }) {
  const shops = useMemo(() => [context.master, ...context.sharing], [context]);
  const today = new Date();
  const range = { start: startOfMonth(today), end: addDays(new Date(today.getFullYear(), today.getMonth(), today.getDate()), 1) };
  const load = useLoad(`compare|${shops.map((s) => s.id).join(',')}|${dayInput(today)}`, () => loadChainFigures(shops.map((s) => s.id), range));
  return (
    <>
      <p className="muted">Mese corrente, dal {format(range.start, 'dd/MM/yyyy')} a oggi.</p>
      <LoadView load={load}>
        {(answer) => {
          const max = Math.max(0, ...answer.figures.map((f) => f.total));
          return (
            <>
              <div className="table-scroll">
                <table className="data-table data-table--compact" aria-label="Confronto negozi">
                  <thead>
                    <tr>
                      <th scope="col">Negozio</th>
                      <th scope="col">Totale</th>
                      <th scope="col">Vendite</th>
                      <th scope="col">Scontrino medio</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.figures.map((f) => (
                      <tr key={f.shopId} data-testid={`compare-${f.shopId}`}>
                        <th scope="row">{shopName(shops, f.shopId)}</th>
                        <td>{formatEuro(f.total)}</td>
                        <td>{f.count}</td>
                        <td>{f.count > 0 ? formatEuro(f.total / f.count) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="chain-bars" aria-label="Grafico del totale per negozio">
                {answer.figures.map((f) => (
                  <li key={f.shopId} className="chain-bar">
                    <span>{shopName(shops, f.shopId)}</span>
                    <span className="chain-bar__track" aria-hidden="true">
                      <span className="chain-bar__fill" style={{ width: `${String(barPercent(f.total, max))}%`, display: 'block' }} />
                    </span>
                    <span>{formatEuro(f.total)}</span>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </LoadView>
      <NotShared context={context} />
    </>
  );
}
