import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { StatCards } from '@/components/ui/stat-cards';
import { CHAIN_SECTION_DELAY_MS, CHAIN_SECTIONS, sharesData, type ChainSectionId } from '@/domain/chain/chain';
import { italianError } from '@/lib/firebase-errors';
import { useSession } from '@/stores/session';
import { checkChainAccess, type ChainAccess } from './api';
import { ChainSection, type ChainContext } from './components/sections';
import './chain.css';

type State = { kind: 'checking' } | ChainAccess | { kind: 'error'; message: string };

/**
 * /chain-dashboard (document 3 §2.8, §4, §6, §8): checking, then denied (with the spec's message and a way back) or
 * shown: the shop and branch count, and six section cards that open after 300 ms and close on a second click.
 */
export default function ChainDashboardPage() {
  const uid = useSession((s) => s.uid);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    checkChainAccess(uid)
      .then((access) => current && setState(access))
      .catch((error: unknown) => current && setState({ kind: 'error', message: `Errore nel caricamento della catena: ${italianError(error)}` }));
    return () => {
      current = false;
    };
  }, [uid, round]);

  if (state.kind === 'checking') return <PageLoading label="Verifica dell'accesso alla catena…" />;
  if (state.kind === 'denied' || state.kind === 'error') {
    return (
      <section className="page chain">
        <h1>Dashboard Catena</h1>
        <div className="card chain-denied" role="alert">
          <p>{state.message}</p>
          <Link className="button button--primary" to="/dashboard">
            Torna alla dashboard
          </Link>
        </div>
      </section>
    );
  }
  const sharing = state.members.filter((m) => sharesData(m, state.master));
  const context: ChainContext = { master: state.master, members: state.members, sharing, reload: () => setRound((n) => n + 1) };
  return (
    <section className="page chain">
      <h1>Dashboard Catena</h1>
      <p className="muted">{state.master.name || state.master.id} · capogruppo</p>
      {/* The shared card (label, figure, note as separate paragraphs): read as three lines, not run together. */}
      <StatCards
        data-testid="chain-count"
        loading={false}
        cards={[
          {
            id: 'chain-shops',
            label: 'Negozi e filiali',
            value: String(1 + state.members.length),
            note: `1 capogruppo + ${state.members.length} ${state.members.length === 1 ? 'filiale' : 'filiali'} (${sharing.length} con dati condivisi)`,
          },
        ]}
      />
      <Sections context={context} />
    </section>
  );
}

function Sections({ context }: { context: ChainContext }) {
  const [open, setOpen] = useState<Set<ChainSectionId>>(new Set());
  const [pending, setPending] = useState<Set<ChainSectionId>>(new Set());
  const timers = useRef(new Map<ChainSectionId, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const toggle = (id: ChainSectionId) => {
    if (open.has(id) || pending.has(id)) {
      clearTimeout(timers.current.get(id));
      setPending((p) => without(p, id));
      setOpen((o) => without(o, id));
      return;
    }
    setPending((p) => new Set(p).add(id));
    timers.current.set(
      id,
      setTimeout(() => {
        setPending((p) => without(p, id));
        setOpen((o) => new Set(o).add(id));
      }, CHAIN_SECTION_DELAY_MS),
    );
  };

  return (
    <div className="chain-sections">
      {CHAIN_SECTIONS.map((section) => {
        const isOpen = open.has(section.id);
        return (
          <section key={section.id} className={`card chain-section${isOpen ? ' chain-section--open' : ''}`} aria-labelledby={`chain-${section.id}-title`}>
            <button type="button" className="chain-section__toggle" aria-expanded={isOpen} aria-controls={`chain-${section.id}-body`} onClick={() => toggle(section.id)}>
              <span id={`chain-${section.id}-title`} className="chain-section__title">
                {section.title}
              </span>
              <span className="muted">{pending.has(section.id) ? 'Apertura…' : section.hint}</span>
            </button>
            <div id={`chain-${section.id}-body`} hidden={!isOpen}>
              {isOpen ? <ChainSection id={section.id} context={context} /> : null}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function without<T>(set: Set<T>, value: T): Set<T> {
  const next = new Set(set);
  next.delete(value);
  return next;
}
