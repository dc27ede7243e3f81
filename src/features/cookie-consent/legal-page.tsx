import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Frame of the public legal pages (/cookie-policy, /privacy-policy): readable width, links between them. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="legal-page">
      <nav className="legal-page__nav" aria-label="Pagine legali">
        <Link to="/">← Torna al Back Office</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/privacy-policy">Informativa privacy</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/cookie-policy">Cookie policy</Link>
      </nav>
      <article className="legal-page__body">
        <h1>{title}</h1>
        <div className="legal-page__intro">{intro}</div>
        {children}
      </article>
    </main>
  );
}
