import type { ComponentType } from 'react';

/** The screen of a route whose feature arrives with a later issue; its guard already applies. */
export function makePlaceholder(title: string): ComponentType {
  function PlaceholderPage() {
    return (
      <section className="page">
        <h1>{title}</h1>
        <p className="muted">Questa sezione è in preparazione e sarà disponibile a breve.</p>
      </section>
    );
  }
  return PlaceholderPage;
}
