import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { addDays, format, startOfMonth } from 'date-fns';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import type { Scrap } from '@/data/scrap';
import type { Sale } from '@/data/sale';
import type { Shop } from '@/data/shop';
import { barPercent, chainTotals, PAYMENT_LABELS, PAYMENT_METHODS, RECENT_SALES_PAGE_SIZE, sharesInventory, type ChainSectionId } from '@/domain/chain/chain';
import { italianError } from '@/lib/firebase-errors';
import { formatDateTime, formatEuro } from '@/lib/format';
import { logActivity } from '@/stores/activity-log';
import { findProductStock, loadChainFigures, loadLowStock, loadRecentSales, removeMember, type FiguresAnswer, type Range } from '../api';

export interface ChainContext {
  master: Shop;
  members: Shop[];
  /** Members whose detailed data the master may see. */
  sharing: Shop[];
  reload: () => void;
}

type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

function useLoad<T>(key: string, read: () => Promise<T>): Load<T> {
  const [state, setState] = useState<{ key: string; value: Load<T> } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    read()
      .then((data) => current && setState({ key, value: { status: 'ready', data } }))
      .catch((error: unknown) => current && setState({ key, value: { status: 'error', message: italianError(error) } }));
    return () => {
      current = false;
    };
    // `key` stands for the inputs of `read`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state && state.key === key ? state.value : { status: 'loading' };
}

function LoadView<T>({ load, children }: { load: Load<T>; children: (data: T) => React.ReactNode }) {
  if (load.status === 'loading') return <p className="muted" role="status">Caricamento…</p>;
  if (load.status === 'error') return <p className="banner banner--error" role="alert">Errore nel caricamento: {load.message}</p>;
  return <>{children(load.data)}</>;
}

const shopName = (shops: readonly Shop[], id: string) => {
  const s = shops.find((x) => x.id === id);
  return s ? s.name || s.id : id;
};

function NotShared({ context }: { context: ChainContext }) {
  const hidden = context.members.filter((m) => !context.sharing.includes(m));
  if (hidden.length === 0) return null;
  return <p className="muted" data-testid="not-shared">Dati non condivisi da: {hidden.map((m) => m.name || m.id).join(', ')}</p>;
}

export function ChainSection({ id, context }: { id: ChainSectionId; context: ChainContext }) {
  switch (id) {
    case 'stats':
      return <StatsSection context={context} />;
    case 'low-stock':
      return <LowStockSection context={context} />;
    case 'warehouse':
      return <WarehouseSection context={context} />;
    case 'recent':
      return <RecentSection context={context} />;
    case 'compare':
      return <CompareSection context={context} />;
    case 'members':
      return <MembersSection context={context} />;
  }
}

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

function StatsSection({ context }: { context: ChainContext }) {
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
          <>
            <FiguresTable answer={answer} shops={shops} caption="Vendite per negozio e metodo di pagamento" />
            <p className="muted" data-testid="stats-cost">
              Calcolato con {answer.aggregations} query di aggregazione; documenti letti: {answer.documentsRead} (vendite con importo in formato testo).
            </p>
          </>
        )}
      </LoadView>
      <NotShared context={context} />
    </>
  );
}

function LowStockSection({ context }: { context: ChainContext }) {
  const shops = useMemo(() => [context.master, ...context.sharing], [context]);
  const load = useLoad(`low|${shops.map((s) => s.id).join(',')}`, () => loadLowStock(shops.map((s) => s.id)));
  return (
    <>
      <LoadView load={load}>
        {(rows: Scrap[]) =>
          rows.length === 0 ? (
            <p className="muted">Nessun prodotto sotto la scorta minima.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table data-table--compact" aria-label="Prodotti sotto la scorta minima">
                <thead>
                  <tr>
                    <th scope="col">Negozio</th>
                    <th scope="col">Prodotto</th>
                    <th scope="col">Codice a barre</th>
                    <th scope="col">Giacenza</th>
                    <th scope="col">Minimo</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => (
                    <tr key={p.id} data-testid={`low-${p.id}`}>
                      <td>{shopName(shops, p.userId)}</td>
                      <td>{p.name}</td>
                      <td>{p.barcode || '—'}</td>
                      <td>{p.stock.qty}</td>
                      <td>{p.stock.minQty}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadView>
      <NotShared context={context} />
    </>
  );
}

function WarehouseSection({ context }: { context: ChainContext }) {
  const shops = useMemo(() => [context.master, ...context.members.filter((m) => sharesInventory(m, context.master))], [context]);
  const [barcode, setBarcode] = useState('');
  const [searched, setSearched] = useState('');
  const load = useLoad(`stock|${searched}|${shops.map((s) => s.id).join(',')}`, () => (searched ? findProductStock(shops.map((s) => s.id), searched) : Promise.resolve([])));
  return (
    <>
      <form
        className="chain-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(barcode.trim());
        }}
      >
        <div className="field">
          <label htmlFor="chain-barcode">Codice a barre</label>
          <input id="chain-barcode" value={barcode} inputMode="numeric" onChange={(e) => setBarcode(e.target.value)} />
        </div>
        <button type="submit" className="button button--primary">
          Cerca
        </button>
      </form>
      <p className="muted">Negozi con magazzino condiviso: {shops.map((s) => s.name || s.id).join(', ')}</p>
      {searched ? (
        <LoadView load={load}>
          {(rows: Scrap[]) => (
            <div className="table-scroll">
              <table className="data-table data-table--compact" aria-label="Giacenza per negozio">
                <thead>
                  <tr>
                    <th scope="col">Negozio</th>
                    <th scope="col">Prodotto</th>
                    <th scope="col">Giacenza</th>
                  </tr>
                </thead>
                <tbody>
                  {shops.map((s) => {
                    const found = rows.filter((r) => r.userId === s.id);
                    return (
                      <tr key={s.id} data-testid={`stock-${s.id}`}>
                        <th scope="row">{s.name || s.id}</th>
                        <td>{found.map((f) => f.name).join(', ') || 'Non presente'}</td>
                        <td>{found.length > 0 ? found.reduce((n, f) => n + f.stock.qty, 0) : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </LoadView>
      ) : null}
    </>
  );
}

function RecentSection({ context }: { context: ChainContext }) {
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
                        <td>{s.method || '—'}{s.isVoid ? ' (annullata)' : ''}</td>
                        <td>{formatEuro(s.price)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={RECENT_SALES_PAGE_SIZE} total={sorted.length} onPage={setPage} noun="vendite" testId="recent" />
            </>
          );
        }}
      </LoadView>
      <NotShared context={context} />
    </>
  );
}

function CompareSection({ context }: { context: ChainContext }) {
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

function MembersSection({ context }: { context: ChainContext }) {
  const [confirm, setConfirm] = useState<Shop | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const remove = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      await removeMember(confirm.id);
      logActivity({ action: 'chain_member_removed', module: 'settings', details: { memberId: confirm.id, before: context.master.id, after: null } });
      setMessage({ kind: 'ok', text: `${confirm.name || confirm.id} non fa più parte del gruppo.` });
      context.reload();
    } catch (error) {
      setMessage({ kind: 'error', text: `Errore durante la rimozione: ${italianError(error)}` });
    } finally {
      setBusy(false);
      setConfirm(undefined);
    }
  };
  return (
    <>
      {message ? <p className={message.kind === 'ok' ? 'form-success' : 'form-error'} role="status">{message.text}</p> : null}
      {context.members.length === 0 ? <p className="muted">Nessun negozio fa ancora parte del gruppo.</p> : null}
      <ul className="chain-members">
        {context.members.map((m) => (
          <li key={m.id} className="chain-member" data-testid={`member-${m.id}`}>
            <span>
              <strong>{m.name || m.id}</strong> <span className="muted">{[m.city, m.province].filter(Boolean).join(' ')}</span>{' '}
              {context.sharing.includes(m) ? <span className="badge badge--info">Dati condivisi</span> : <span className="badge badge--warning">Dati non condivisi</span>}
            </span>
            <button type="button" className="button button--danger" onClick={() => setConfirm(m)} aria-label={`Rimuovi ${m.name || m.id} dal gruppo`}>
              Rimuovi
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirm !== undefined}
        title="Rimuovi dal gruppo"
        message={`Vuoi rimuovere ${confirm?.name || confirm?.id || ''} dal gruppo? Il negozio non condividerà più i suoi dati con il capogruppo.`}
        confirmLabel="Rimuovi"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirm(undefined)}
      />
    </>
  );
}
