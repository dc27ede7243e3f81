/**
 * Migrazioni DB (document 3 §2.6, §4): not built yet (issue 22, point 7). The tab exists so the dashboard's
 * structure is complete; it says so plainly instead of offering buttons that do nothing.
 */
export default function MigrationsTab() {
  return (
    <section className="dev-panel" aria-labelledby="migrations-title">
      <h2 id="migrations-title">Migrazioni DB</h2>
      <p className="banner banner--warning">La migrazione di Sale e Scrap non è ancora disponibile in questa versione.</p>
    </section>
  );
}
