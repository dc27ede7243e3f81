import { useEffect, useMemo, useRef, useState } from 'react';
import type { Sale } from '@/data/sale';
import {
  DEFAULT_SALES_PAGE_SIZE, EMPTY_SALES_FILTER, filtersReadSales, matchesSalesFilter, methodsPresent, PRICE_BANDS, SALES_CSV_HEADERS, SALES_PAGE_SIZES, salesCsvRow,
  salesReadNote, saleStatus,
  type PriceBandKey, type SalesFilter,
} from '@/domain/sales/sales-list';
import { methodLabel } from '@/domain/sales/payment-family';
import { Pager } from '@/components/ui/pager';
import { datedFileName, downloadText } from '@/lib/download';
import { formatEuro } from '@/domain/money';
import { formatDateTime } from '@/lib/format';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useFeature } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { ReceiptModal, type ReceiptInvoice } from './components/receipt-modal';
import { useSales, type SaleRow } from './hooks/use-sales';
import { parseLocalDateTime } from '@/domain/local-time';
import { countOf, formatCount } from '@/domain/numbers/format-count';

/**
 * Where the pager goes while only the first page is read: reaching it (scrolling down to it) asks for the whole
 * window, as going past the first page does. It keeps the pager's height, so the page does not grow under the user.
 */
function WholeListTrigger({ onNear, loading }: { onNear: () => void; loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  useEffect(() => {
    if (near) onNear();
  }, [near, onNear]);
  return (
    <div ref={ref} className="pager pager--pending" data-testid="sales-showing">
      {loading ? <span className="muted">Caricamento vendite…</span> : null}
    </div>
  );
}

const SALES_EXPORT_ERROR = 'Esportazione non riuscita: impossibile leggere le vendite del periodo. Riprova.';

/** 'Gestione Vendite' (document 2 §2.1): the shop's sales, filters, pager, receipts. */
export default function SalesPage() {
  const shopId = useSession((s) => s.activeShopId);
  // Invoices are written by the shop's owner (firestore.rules) with the Fatturazione pack, as /invoices.
  const isOwner = useSession((s) => s.profile?.level === 'shop' && s.uid !== undefined && s.activeShopId === s.uid);
  // The same decision as the /invoices guard and the server (pack-access.ts): past the grace, no invoice from a sale.
  const invoicing = useFeature('invoiceFromReceipt');
  const receiptInvoice: ReceiptInvoice | undefined =
    !isOwner || !shopId || invoicing.kind === 'wait' ? undefined : invoicing.kind === 'allow' ? { shopId } : { denied: invoicing.message };
  const [filter, setFilter] = useState<SalesFilter>(EMPTY_SALES_FILTER);
  // The period is read from the server (pages of 500); search, method and price band apply to the sales read.
  const period = useMemo(() => ({ from: filter.from, to: filter.to }), [filter.from, filter.to]);
  const bounded = period.from !== undefined || period.to !== undefined;
  const { rows, complete, settled, loading, loadingWhole, error, hasMore, total, loadMore, loadWhole, periodRows } = useSales(shopId, period);
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_SALES_PAGE_SIZE);
  const [open, setOpen] = useState<Sale | undefined>();

  const methods = useMemo(() => methodsPresent(rows.map((r) => r.sale)), [rows]);
  const matches = (r: SaleRow) => matchesSalesFilter({ date: r.sale.date, method: r.sale.method, price: r.sale.price, employeeName: r.employeeName }, filter);
  const filtered = rows.filter(matches);
  const filtering = filtersReadSales(filter) || bounded;
  // Past the first page the rows must be the whole window: until it is read the screen says it is loading.
  const beyondFirst = filtering || page > 0 || (settled && rows.length > 0 && pageSize > rows.length);
  const waiting = !complete && beyondFirst;
  /** The export's progress: sales read so far (undefined: no export running). */
  const [exported, setExported] = useState<number | undefined>();
  const [exportError, setExportError] = useState<string | undefined>();
  const exporting = exported !== undefined;
  useEffect(() => {
    if (beyondFirst && !complete) loadWhole();
  }, [beyondFirst, complete, loadWhole]);
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * pageSize, (current + 1) * pageSize);

  const change = (patch: Partial<SalesFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const exportCsv = async () => {
    setExported(0);
    setExportError(undefined);
    try {
      // The export is of the whole period (the whole history without one), read in pages; papaparse comes with it.
      const [all, { toCsv }] = await Promise.all([periodRows(setExported), import('@/domain/csv/csv')]);
      const csv = toCsv(SALES_CSV_HEADERS, all.filter(matches).map(({ sale, employeeName }) => salesCsvRow(sale, employeeName)));
      downloadText(datedFileName('vendite'), csv);
    } catch {
      setExportError(SALES_EXPORT_ERROR);
    } finally {
      setExported(undefined);
    }
  };
  const clear = () => {
    setFilter(EMPTY_SALES_FILTER);
    setFromText('');
    setToText('');
    setPage(0);
  };

  return (
    <section className="page">
      <h1>Gestione Vendite</h1>
      {/* Reaching for a filter asks for the whole window, before the first key or choice. */}
      <div className="filters" role="search" onFocusCapture={loadWhole} onPointerDownCapture={loadWhole}>
        <label>
          Cerca
          <span className="search-box">
            <input type="search" placeholder="Cerca per dipendente o metodo..." value={filter.search} onChange={(e) => change({ search: e.target.value })} />
            {filter.search ? (
              <button type="button" className="button button--ghost" aria-label="Cancella la ricerca" onClick={() => change({ search: '' })}>
                ×
              </button>
            ) : null}
          </span>
        </label>
        <label>
          Metodo di pagamento
          <select value={filter.method} onChange={(e) => change({ method: e.target.value })}>
            <option value="">Tutti</option>
            {methods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          Fascia di prezzo
          <select value={filter.band} onChange={(e) => change({ band: e.target.value as PriceBandKey | '' })}>
            <option value="">Tutte</option>
            {PRICE_BANDS.map((b) => (
              <option key={b.key} value={b.key}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Dal
          <input type="datetime-local" value={fromText} onChange={(e) => { setFromText(e.target.value); change({ from: parseLocalDateTime(e.target.value) }); }} />
        </label>
        <label>
          Al
          <input type="datetime-local" value={toText} onChange={(e) => { setToText(e.target.value); change({ to: parseLocalDateTime(e.target.value, 'last') }); }} />
        </label>
        <button type="button" className="button" onClick={clear}>
          Pulisci filtri
        </button>
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={(filtered.length === 0 && !hasMore) || exporting}>
          Esporta CSV
        </button>
      </div>
      {exported !== undefined ? (
        <p className="muted" role="status" data-testid="sales-export-progress">
          <label>
            Esportazione in corso{' '}
            <progress value={exported} max={total ?? undefined} />
          </label>{' '}
          {total !== undefined ? `${formatCount(exported)} di ${countOf(total, 'vendita letta', 'vendite lette')}` : countOf(exported, 'vendita letta', 'vendite lette')}
        </p>
      ) : null}
      {exportError ? (
        <p className="form-error" role="alert">
          {exportError}
        </p>
      ) : null}

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {(loading && rows.length === 0) || (waiting && !error) ? <p className="muted">Caricamento vendite…</p> : null}
      {!loading && !error && complete && filtered.length === 0 ? <p className="muted">{hasMore ? 'Nessuna vendita trovata tra quelle caricate.' : 'Nessuna vendita trovata.'}</p> : null}

      {shown.length > 0 && !waiting ? (
        <div className="table-scroll">
          <table className="data-table" data-testid="sales-table">
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Dipendente</th>
                <th scope="col">Metodo</th>
                <th scope="col">Prezzo</th>
                <th scope="col">Visualizza</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ sale, employeeName }) => {
                const status = saleStatus(sale);
                return (
                <tr key={sale.id} className={status ? 'sale-row--not-takings' : undefined} data-status={status?.label}>
                  <td>{sale.date ? formatDateTime(sale.date) : '—'}</td>
                  <td>{employeeName}</td>
                  <td>
                    {methodLabel(sale.method)}
                    {status ? <span className="badge badge--warning" data-testid="sale-status" title={status.note}>{status.label}</span> : null}
                  </td>
                  <td>{formatEuro(sale.price)}</td>
                  <td>
                    <button type="button" className="button" onClick={() => setOpen(sale)} aria-label={`Apri lo scontrino del ${sale.date ? formatDateTime(sale.date) : ''}`}>
                      Apri
                    </button>
                  </td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {!complete && settled && rows.length > 0 && !waiting ? <WholeListTrigger onNear={loadWhole} loading={loadingWhole} /> : null}
      {complete && filtered.length > 0 ? (
        <Pager page={current} pageSize={pageSize} total={filtered.length} onPage={setPage} noun="vendite" singular="vendita" testId="sales" pageSizes={SALES_PAGE_SIZES} onPageSize={(size) => { setPageSize(size); setPage(0); }} />
      ) : null}
      {hasMore ? (
        <p>
          <button type="button" className="button" onClick={loadMore} disabled={loading}>
            {loading ? 'Caricamento vendite…' : 'Carica altre'}
          </button>
          <span className="muted" data-testid="sales-read-note"> {salesReadNote(rows.length, total, bounded, filtersReadSales(filter))}</span>
        </p>
      ) : null}
      <ReceiptModal sale={open} onClose={() => setOpen(undefined)} invoice={receiptInvoice} />
    </section>
  );
}
