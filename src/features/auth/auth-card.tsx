import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="center-page">
      <div className="card card--narrow">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>Back Office Negozi</span>
        </div>
        <h1>{title}</h1>
        {children}
      </div>
      <footer className="legal-links">
        <Link to="/privacy-policy">Privacy</Link> · <Link to="/cookie-policy">Cookie</Link>
      </footer>
    </main>
  );
}
