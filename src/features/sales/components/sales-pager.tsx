import { pageWindow, SALES_PAGE_SIZES, showingText } from '@/domain/sales/sales-list';

interface SalesPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** First / previous / up to 5 pages / next / last, 'Mostrando X - Y di N vendite', page size (document 2 §2.1). */
export function SalesPager({ page, pageSize, total, onPage, onPageSize }: SalesPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="pager" data-testid="sales-pager">
      <span aria-live="polite" data-testid="sales-showing">
        {showingText(page, pageSize, total)}
      </span>
      {total > pageSize ? (
        <nav aria-label="Pagine delle vendite" className="pager">
          <button type="button" className="button" onClick={() => onPage(0)} disabled={page === 0} aria-label="Prima pagina">
            «
          </button>
          <button type="button" className="button" onClick={() => onPage(page - 1)} disabled={page === 0} aria-label="Pagina precedente">
            ‹
          </button>
          {pageWindow(page, pages).map((p) => (
            <button key={p} type="button" className={p === page ? 'button button--primary' : 'button'} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
              {p + 1}
            </button>
          ))}
          <button type="button" className="button" onClick={() => onPage(page + 1)} disabled={page >= pages - 1} aria-label="Pagina successiva">
            ›
          </button>
          <button type="button" className="button" onClick={() => onPage(pages - 1)} disabled={page >= pages - 1} aria-label="Ultima pagina">
            »
          </button>
        </nav>
      ) : null}
      <label className="field field--inline">
        Vendite per pagina
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {SALES_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
