import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { DUE_TEXTS, dueLines, type DueFigures, type DueTarget } from '@/domain/sdi-lifecycle/due-texts';
import './sdi-due.css';

const TARGETS: Record<DueTarget, string> = { drafts: '/invoices?tipo=drafts', outgoing: '/invoices?tipo=outgoing', ddt: '/ddt' };

type State = { status: 'loading' } | { status: 'ready'; figures: DueFigures; known: boolean } | { status: 'error' };

/**
 * 'Scadenze SDI': what is late or near at the SDI for one shop (src/data/sdi-due.ts, counted by aggregation). With
 * `links` each line opens the list that fixes it (the owner); without, it only tells (the accountant, who cannot
 * send). The counts load with the panel: its module and Firestore's aggregation are not in the shell's bundle.
 */
export function SdiDuePanel({ shopId, links, now }: { shopId: string; links: boolean; now?: Date }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [at] = useState(() => now ?? new Date());
  useEffect(() => {
    let live = true;
    import('@/data/sdi-due')
      .then(({ countSdiDue }) => countSdiDue(shopId, at))
      .then(
        ({ queries: _queries, entriesCounted: _entries, billedReads: _billed, ...figures }) => live && setState({ status: 'ready', figures, known: Object.keys(figures).length > 0 }),
        () => live && setState({ status: 'error' }),
      );
    return () => {
      live = false;
    };
  }, [shopId, at]);

  const lines = state.status === 'ready' ? dueLines(state.figures, at) : [];
  return (
    <section className="sdi-due" aria-labelledby="sdi-due-title" data-testid="sdi-due" aria-busy={state.status === 'loading'}>
      <h2 id="sdi-due-title">{DUE_TEXTS.title}</h2>
      {state.status === 'loading' ? <p className="muted">{DUE_TEXTS.loading}</p> : null}
      {state.status === 'error' || (state.status === 'ready' && !state.known) ? <p className="form-error">{DUE_TEXTS.unavailable}</p> : null}
      {state.status === 'ready' && state.known && lines.length === 0 ? <p className="muted" data-testid="sdi-due-none">{DUE_TEXTS.none}</p> : null}
      {lines.length > 0 ? (
        <ul className="sdi-due__list">
          {lines.map((line) => (
            <li key={line.key} className={`sdi-due__item sdi-due__item--${line.tone}`} data-testid={`sdi-due-${line.key}`}>
              <span className="sdi-due__badge">{line.tone === 'late' ? 'In ritardo' : 'In scadenza'}</span>
              <span className="sdi-due__text">{line.text}</span>
              {links ? <Link className="button" to={TARGETS[line.target]}>{line.action}</Link> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
