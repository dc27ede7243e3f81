import { PendingBadge } from '@/components/ui/pending-badge';
import type { Scrap } from '@/data/scrap';
import { isLowStock, SORT_LABELS, type ProductSort, type SortKey } from '@/domain/warehouse/products';
import { formatEuro } from '@/domain/money';

const COLUMNS: SortKey[] = ['name', 'code', 'barcode', 'price', 'vatRate', 'qty', 'category'];
const NUMERIC = new Set<SortKey>(['price', 'vatRate', 'qty']);

interface ProductTableProps {
  products: readonly Scrap[];
  sort: ProductSort;
  onSort: (key: SortKey) => void;
  onEdit: (product: Scrap) => void;
  onDelete: (product: Scrap) => void;
  /** With the 'listini' pack: the listino 2 and 3 columns. */
  showPriceLists: boolean;
  /** Products saved on this device and not yet confirmed by the server (no connection). */
  pendingIds?: ReadonlySet<string>;
}

const qtyText = (n: number) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 }).format(n);

/** The products' table: sortable headers, low-stock and changed-price badges, edit and delete per row. */
export function ProductTable({ products, sort, onSort, onEdit, onDelete, showPriceLists, pendingIds }: ProductTableProps) {
  return (
    <div className="table-scroll">
      <table className="data-table data-table--cards products-table" data-testid="products-table">
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" className={NUMERIC.has(key) ? 'num' : undefined} aria-sort={sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="sort-button" onClick={() => onSort(key)}>
                  {SORT_LABELS[key]}
                  <span aria-hidden="true">{sort.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                </button>
              </th>
            ))}
            {showPriceLists ? (
              <>
                <th scope="col" className="num">
                  Listino 2
                </th>
                <th scope="col" className="num">
                  Listino 3
                </th>
              </>
            ) : null}
            <th scope="col">Azioni</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => {
            const name = p.name || '(senza nome)';
            return (
              <tr key={p.id} data-testid="product-row">
                <td className="card-title">
                  <span className="product-name">{name}</span>
                  {pendingIds?.has(p.id) ? <PendingBadge testId="product-pending" /> : null}
                  {p.changedPrice ? <span className="badge badge--info">Prezzo variato</span> : null}
                </td>
                <td data-label={SORT_LABELS.code}>{p.code}</td>
                <td className="mono" data-label={SORT_LABELS.barcode}>{p.barcode}</td>
                <td className="num" data-label={SORT_LABELS.price}>{formatEuro(p.price)}</td>
                <td className="num" data-label={SORT_LABELS.vatRate}>{p.vatRate === undefined ? '—' : `${p.vatRate}%`}</td>
                <td className="num" data-label={SORT_LABELS.qty}>
                  {qtyText(p.stock.qty)} <span className="muted">{p.um}</span>
                  {isLowStock(p) ? <span className="badge badge--warning" title={`Scorta minima ${qtyText(p.stock.minQty)}`}>Scorta bassa</span> : null}
                </td>
                <td data-label={SORT_LABELS.category}>{p.category ?? ''}</td>
                {showPriceLists ? (
                  <>
                    <td className="num" data-label="Listino 2">{p.listino2 === undefined ? '—' : formatEuro(p.listino2)}</td>
                    <td className="num" data-label="Listino 3">{p.listino3 === undefined ? '—' : formatEuro(p.listino3)}</td>
                  </>
                ) : null}
                <td className="row-actions">
                  <button type="button" className="button" onClick={() => onEdit(p)} aria-label={`Modifica ${name}`}>
                    Modifica
                  </button>
                  <button type="button" className="button button--ghost danger-text" onClick={() => onDelete(p)} aria-label={`Elimina ${name}`}>
                    Elimina
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
