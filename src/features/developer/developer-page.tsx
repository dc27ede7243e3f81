import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { ShopsTab } from './components/shops-tab';
import { TicketImport } from './components/ticket-import';
import './developer.css';

const TechniciansTab = lazyPart(() => import('./components/technicians-tab'));
const PlansTab = lazyPart(() => import('./components/plans-tab'));
const MigrationsTab = lazyPart(() => import('./components/migrations-tab'));
const QuarantineTab = lazyPart(() => import('./components/quarantine-tab'));

/** The tabs of document 3 §2.6, in its order; the id is the `tab` parameter of the URL. */
const TABS = [
  { id: 'negozi', label: 'Negozi' },
  { id: 'tecnici', label: 'Tecnici' },
  { id: 'piani', label: 'Piani' },
  { id: 'migrazioni', label: 'Migrazioni DB' },
  // Not in document 3: the provider deliveries the webhook could not place.
  { id: 'consegne', label: 'Consegne non assegnate' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /developer (document 3 §2.6), for admins: Negozi, Tecnici, Piani, Migrazioni DB, a button to /ticket and the
 * ticket JSON import (hidden file picker).
 * The layout's header carries the logout ('Esci', back to /login).
 */
export default function DeveloperPage() {
  const [params, setParams] = useSearchParams();
  const active: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'negozi';
  const select = (id: TabId) => setParams(id === 'negozi' ? {} : { tab: id });

  return (
    <section className="page developer">
      <div className="developer__header">
        <h1>Developer Dashboard</h1>
        <Link className="button" to="/ticket">
          Ticket
        </Link>
        <TicketImport />
      </div>
      <div className="dev-tabs" role="tablist" aria-label="Sezioni della dashboard developer">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`dev-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls="dev-tabpanel"
            className="dev-tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="dev-tabpanel" role="tabpanel" aria-labelledby={`dev-tab-${active}`}>
        <Suspense fallback={<PageLoading />}>
          {active === 'negozi' ? <ShopsTab /> : null}
          {active === 'tecnici' ? <TechniciansTab /> : null}
          {active === 'piani' ? <PlansTab /> : null}
          {active === 'migrazioni' ? <MigrationsTab /> : null}
          {active === 'consegne' ? <QuarantineTab /> : null}
        </Suspense>
      </div>
    </section>
  );
}
