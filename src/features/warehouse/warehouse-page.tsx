import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import { ListLoadError } from '@/components/ui/list-load-error';
import { Toast, useToast } from '@/components/ui/toast';
import type { Scrap } from '@/data/scrap';
import { pageSlice } from '@/domain/pagination/pagination';
import { cachedSearchKey, categoriesOf, EMPTY_FILTERS, filterProducts, NO_CATEGORY, sortProducts, type ProductFilters, type ProductSort, type SortKey } from '@/domain/warehouse/products';
import { italianError } from '@/lib/firebase-errors';
import { DELETED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { useFeature } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { deleteProduct } from './api';
import { ProductFormModal, productSnapshot } from './components/product-form-modal';
import { ProductTable } from './components/product-table';
import { WarehouseTools } from './components/warehouse-tools';
import { useProducts } from './hooks/use-products';
import './warehouse.css';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { countOf, formatCount } from '@/domain/numbers/format-count';

export const PAGE_SIZES = [20, 50, 100] as const;

/** '20.000 prodotti', or while the pages load '20.000 prodotti (caricamento in corso… 5.100 caricati)'. */
function countText(loaded: number, complete: boolean, total: number | undefined): string {
  const products = (n: number) => countOf(n, 'prodotto', 'prodotti');
  if (complete) return products(loaded);
  if (total === undefined) return `${products(loaded)} (caricamento in corso…)`;
  return `${products(total)} (caricamento in corso… ${formatCount(loaded)} caricati)`;
}

type FormState = { open: false } | { open: true; product: Scrap | undefined };

/**
 * Magazzino (/warehouse): the shop's products beside the POS. Search by name, code or barcode; filters category,
 * low stock, changed price; sortable table; 20–100 rows per page; create, edit, delete (logged with
 * before/after); CSV import and export, price lists and bulk price changes (by pack).
 */
export default function WarehousePage() {
  const shopId = useSession((s) => s.activeShopId);
  // Each by the decision the guard and the server apply (paid-features.ts): the pack, and not past the grace.
  const showPriceLists = useFeature('priceLists').kind === 'allow';
  const importDecision = useFeature('productImport');
  const canImportCsv = importDecision.kind === 'allow';
  const products = useProducts(shopId);
  const [filters, setFilters] = useState<ProductFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<ProductSort>({ key: 'name', dir: 'asc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(20);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Scrap | undefined>();
  const [deleting, setDeleting] = useState(false);
  const { toast, show, dismiss } = useToast();

  const all = products.products;
  const categories = useMemo(() => categoriesOf(all), [all]);
  // The listino columns follow the pack alone, not the data: decided by the products, they appeared when the range
  // holding the first product with a listino arrived, widening the table after its first rows (a layout shift at
  // phone width, seen in CI).
  const showListColumns = showPriceLists;
  // Sorted once per list and column; a keystroke only filters the sorted list (the order survives the filter) on
  // search keys computed once per product. The search follows the typing without blocking it.
  const sorted = useMemo(() => sortProducts(all, sort), [all, sort]);
  const deferredFilters = useDeferredValue(filters);
  // The search keys computed after the list is painted, not on the first keystroke.
  useEffect(() => {
    for (const p of all) cachedSearchKey(p);
  }, [all]);
  const filtered = useMemo(() => filterProducts(sorted, deferredFilters), [sorted, deferredFilters]);
  const shown = pageSlice(filtered, page, pageSize);

  const update = (patch: Partial<ProductFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const onSort = (key: SortKey) => {
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
    setPage(0);
  };

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const outcome = await deleteProduct(toDelete.id);
      logActivity({ action: 'product_delete', module: 'warehouse', details: { scrapId: toDelete.id, name: toDelete.name, code: toDelete.code, barcode: toDelete.barcode, before: productSnapshot(toDelete) } });
      show(`Prodotto eliminato: ${toDelete.name}${outcome === 'queued' ? DELETED_OFFLINE : ''}`, 'success');
    } catch (error) {
      show(`Errore durante l'eliminazione: ${italianError(error)}`, 'error');
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

  if (!shopId) return <p className="form-error">Nessuno shop selezionato.</p>;

  return (
    <section className="page warehouse-page">
      <div className="page-header">
        <h1>Magazzino</h1>
        <p className="muted" aria-live="polite" data-testid="products-count">
          {products.status === 'ready' ? countText(all.length, products.complete, products.total) : ''}
        </p>
      </div>
      <div className="filters" role="search">
        <label>
          Cerca prodotto
          <input type="search" placeholder="Nome, codice o codice a barre" value={filters.search} onChange={(e) => update({ search: e.target.value })} />
        </label>
        <label>
          Categoria
          <select value={filters.category} onChange={(e) => update({ category: e.target.value })}>
            <option value="">Tutte</option>
            <option value={NO_CATEGORY}>Senza categoria</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox filters__check">
          <input type="checkbox" checked={filters.lowStock} onChange={(e) => update({ lowStock: e.target.checked })} />
          Scorta bassa
        </label>
        <label className="checkbox filters__check">
          <input type="checkbox" checked={filters.changedPrice} onChange={(e) => update({ changedPrice: e.target.checked })} />
          Prezzo variato
        </label>
        <button type="button" className="button button--primary" onClick={() => setForm({ open: true, product: undefined })}>
          Nuovo prodotto
        </button>
        <button type="button" className="button" onClick={products.reload} disabled={products.status === 'loading' || !products.complete}>
          Ricarica
        </button>
      </div>

      <WarehouseTools
        shopId={shopId}
        filtered={filtered}
        complete={products.complete}
        canImportCsv={canImportCsv}
        importPending={importDecision.kind === 'wait'}
        showPriceLists={showPriceLists}
        onChanged={(message) => show(message, 'success')}
      />

      {products.status === 'error' ? <ListLoadError label="Impossibile caricare i prodotti" error={products.error} kind={products.errorKind} onRetry={products.reload} /> : null}
      {products.status === 'loading' ? (
        <SkeletonList label="Caricamento prodotti" />
      ) : null}
      {products.status === 'ready' && all.length === 0 ? <p className="muted">Nessun prodotto in magazzino. Aggiungine uno con &quot;Nuovo prodotto&quot;.</p> : null}
      {products.status === 'ready' && all.length > 0 && filtered.length === 0 ? <p className="muted">Nessun prodotto corrisponde ai filtri.</p> : null}

      {shown.rows.length > 0 ? (
        <>
          <ProductTable products={shown.rows} sort={sort} onSort={onSort} onEdit={(product) => setForm({ open: true, product })} onDelete={setToDelete} showPriceLists={showListColumns} pendingIds={products.pendingIds} />
          <Pager
            page={shown.page}
            pageSize={pageSize}
            total={filtered.length}
            onPage={setPage}
            noun="prodotti"
            singular="prodotto"
            pageSizes={PAGE_SIZES}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            testId="products"
          />
        </>
      ) : null}

      <ProductFormModal
        open={form.open}
        shopId={shopId}
        product={form.open ? form.product : undefined}
        others={all}
        categories={categories}
        showPriceLists={showPriceLists}
        onClose={() => setForm({ open: false })}
        onSaved={(_saved, message) => {
          // The live list shows the saved product by itself (the SDK's local copy at once, offline too, marked
          // pending until the server has it).
          setForm({ open: false });
          show(message, 'success');
        }}
      />
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Elimina prodotto"
        message={`Sei sicuro di voler eliminare il prodotto ${toDelete?.name ?? ''}? Non sarà più disponibile in cassa.`}
        confirmLabel="Elimina"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(undefined)}
      />
      <Toast toast={toast} onDismiss={dismiss} />
    </section>
  );
}
