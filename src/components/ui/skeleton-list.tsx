/**
 * The placeholder rows of a list that is loading. A status region, so its label ('Caricamento clienti') is
 * announced and allowed: aria-label on a plain div is prohibited (axe aria-prohibited-attr).
 */
export function SkeletonList({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div className="skeleton-list" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}
