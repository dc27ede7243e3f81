import { pageCount, pageWindow, showingText } from '@/domain/pagination/pagination';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Plural noun of the rows: 'Mostrando 1 - 20 di 45 {noun}', 'Pagine delle {noun}'. */
  noun: string;
  /** The noun of a list of one ('Mostrando 1 - 1 di 1 vendita'); without it the plural serves. */
  singular?: string;
  /** Page-size choices; without them the size is fixed. */
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  /** Prefix of the test ids: '{testId}-pager', '{testId}-showing'. */
  testId: string;
}

/** First / previous / up to 5 pages / next / last, 'Mostrando X - Y di N …', optional page size (document 2 §2.1, §9). */
export function Pager({ page, pageSize, total, onPage, noun, singular, pageSizes, onPageSize, testId }: PagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <div className="pager" data-testid={`${testId}-pager`}>
      <span aria-live="polite" data-testid={`${testId}-showing`}>
        {showingText(page, pageSize, total, noun, singular)}
      </span>
      {total > pageSize ? (
        <nav aria-label={`Pagine: ${noun}`} className="pager">
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
      {pageSizes && onPageSize ? (
        <label className="field field--inline">
          {`${noun.charAt(0).toUpperCase()}${noun.slice(1)} per pagina`}
          <select value={pageSize} onChange={(e) => onPageSize(pageSizes.find((size) => String(size) === e.target.value) ?? pageSize)}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
