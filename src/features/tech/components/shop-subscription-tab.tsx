import { useEffect, useState } from 'react';
import type { Shop } from '@/data/shop';
import { formatDate, formatEuro } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { loadCurrentSubscription, type CurrentSubscription } from '../api-shop';

/** Abbonamento (document 3 §2.2): the current subscription. (The renewal proposal form is not built yet.) */
export function ShopSubscriptionTab({ shop }: { shop: Shop }) {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: CurrentSubscription }>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadCurrentSubscription(shop.subscriptionId)
      .then((data) => current && setState({ status: 'ready', data }))
      .catch((error: unknown) => current && setState({ status: 'error', message: `Errore nel caricamento dell'abbonamento: ${italianError(error)}` }));
    return () => {
      current = false;
    };
  }, [shop.subscriptionId]);
  if (state.status === 'loading') return <p className="muted">Caricamento…</p>;
  if (state.status === 'error') return <p className="banner banner--error" role="alert">{state.message}</p>;
  const { subscription, plan, packs } = state.data;
  if (!subscription) return <p className="muted">Nessuna sottoscrizione</p>;
  const date = (d: Date | undefined) => (d ? formatDate(d) : '-');
  return (
    <div className="card wizard">
      <h2>Abbonamento attuale</h2>
      {subscription.status === 'proposed' ? <p className="banner banner--warning">Proposta in sospeso</p> : null}
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
      {packs.length === 0 ? <p className="muted">Nessun pacchetto</p> : <ul>{packs.map((p) => <li key={p.id}>{p.name}</li>)}</ul>}
    </div>
  );
}
