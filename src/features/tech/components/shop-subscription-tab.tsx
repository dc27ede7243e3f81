import { useEffect, useState } from 'react';
import type { Pack } from '@/data/pack';
import type { ShopPackage } from '@/data/packages';
import type { Plan } from '@/data/plan';
import type { Shop } from '@/data/shop';
import { formatEuro } from '@/domain/money';
import { formatDate } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { loadCurrentSubscription, type CurrentSubscription } from '../api-shop';
import { loadCatalog, loadShopPackages } from '../api-proposal';
import { ProposalForm } from './proposal-form';

interface TabData {
  current: CurrentSubscription;
  plans: Plan[];
  packs: Pack[];
  packages: ShopPackage[];
}

/**
 * Abbonamento (document 3 §2.2): the current subscription (dates, active plan and price, included packs, the shop's
 * associated packages) and the renewal proposal form.
 */
export function ShopSubscriptionTab({ shop }: { shop: Shop }) {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: TabData }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([loadCurrentSubscription(shop.subscriptionId), loadCatalog(), loadShopPackages(shop.id)])
      .then(([current, catalog, packages]) => live && setState({ status: 'ready', data: { current, ...catalog, packages } }))
      .catch((error: unknown) => live && setState({ status: 'error', message: `Errore nel caricamento dell'abbonamento: ${italianError(error)}` }));
    return () => {
      live = false;
    };
  }, [shop.subscriptionId, shop.id]);
  if (state.status === 'loading') return <p className="muted">Caricamento…</p>;
  if (state.status === 'error') return <p className="banner banner--error" role="alert">{state.message}</p>;
  const { current, plans, packs, packages } = state.data;
  const { subscription, plan } = current;
  const date = (d: Date | undefined) => (d ? formatDate(d) : '-');
  return (
    <>
      <section className="card wizard" aria-labelledby="current-subscription-title">
        <h2 id="current-subscription-title">Abbonamento attuale</h2>
        {!subscription ? (
          <p className="muted">Nessuna sottoscrizione</p>
        ) : (
          <>
            {subscription.status === 'proposed' ? <p className="muted">Il negozio ha solo una proposta, non ancora approvata.</p> : null}
            <dl className="tech-card__facts">
              <div>
                <dt>Data inizio</dt>
                <dd>{date(subscription.startingDate)}</dd>
              </div>
              <div>
                <dt>Data scadenza</dt>
                <dd>{date(subscription.expiringDate)}</dd>
              </div>
              <div>
                <dt>Piano attivo</dt>
                <dd>{plan ? `${plan.name} — ${formatEuro(plan.price)}` : subscription.plan || '-'}</dd>
              </div>
              <div>
                <dt>Prezzo</dt>
                <dd>{subscription.price === undefined ? '-' : formatEuro(subscription.price)}</dd>
              </div>
            </dl>
            <h3>Pacchetti inclusi</h3>
            {current.packs.length === 0 ? <p className="muted">Nessun pacchetto</p> : <ul>{current.packs.map((p) => <li key={p.id}>{p.name}</li>)}</ul>}
          </>
        )}
        <h3>Pacchetti associati</h3>
        {packages.length === 0 ? (
          <p className="muted">Nessun pacchetto associato</p>
        ) : (
          <ul>
            {packages.map((p) => (
              <li key={p.id}>
                <strong>{p.name}</strong>
                {p.description ? ` — ${p.description}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ProposalForm shop={shop} current={subscription} plans={plans} packs={packs} />
    </>
  );
}
