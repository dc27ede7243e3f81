export function PageLoading({ label = 'Caricamento…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * A screen's title with the loading status, while its code, the permissions or the profile are on their way: the
 * title is painted with the shell, before Firestore has answered anything (the largest element of the first screen,
 * so the page reads as open at once). The heading is hidden from assistive technology: it is announced with the
 * screen itself (the document title already names it), and 'heading visible' keeps meaning 'screen rendered'.
 */
export function ScreenLoading({ title, label }: { title: string; label?: string }) {
  return (
    <section className="page" data-testid="screen-loading" aria-busy="true">
      <h1 aria-hidden="true">{title}</h1>
      <PageLoading label={label} />
    </section>
  );
}
