import type { HTMLAttributes } from 'react';

export interface StatCard {
  /** Ties the label to the card (`${id}-label`) and is the value's data-testid. */
  id: string;
  label: string;
  /** Already formatted (euro, count…). */
  value: string;
  /** A line under the value (what the figure counts); none when absent. */
  note?: string;
}

/**
 * The row of figure cards at the top of a screen (dashboard, statistics, Z-report): label, value, optional note.
 * While loading the value is '…' and the note is empty; further attributes (data-*) go on the row.
 */
export function StatCards({ cards, loading, ...rest }: { cards: readonly StatCard[]; loading: boolean } & Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'aria-busy'>) {
  return (
    <div {...rest} className="stat-cards" aria-busy={loading}>
      {cards.map((card) => (
        <section key={card.id} className="stat-card" aria-labelledby={`${card.id}-label`}>
          <p id={`${card.id}-label`} className="stat-card__label">
            {card.label}
          </p>
          <p className="stat-card__value" data-testid={card.id}>
            {loading ? <span className="muted">…</span> : card.value}
          </p>
          {/* Drawn hidden while loading: the card keeps the height it will have (no layout shift when the figures come). */}
          {card.note !== undefined ? <p className={loading ? 'stat-card__label stat-card__label--pending' : 'stat-card__label'}>{card.note}</p> : null}
        </section>
      ))}
    </div>
  );
}
