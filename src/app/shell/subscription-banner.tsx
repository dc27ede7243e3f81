import { formatDate } from '@/lib/format';
import { usePermissions } from '@/stores/permissions';

/** Licence warnings: 0–7 days left, grace days remaining, or packs off after the grace. */
export function SubscriptionBanner() {
  const { status, error, subscription, expiringDate } = usePermissions();
  if (status === 'error' && error) {
    return (
      <div className="banner banner--error" role="alert">
        {error}
      </div>
    );
  }
  if (status !== 'loaded' || !subscription) return null;
  const date = expiringDate ? formatDate(expiringDate) : '';
  if (subscription.blocked) {
    return (
      <div className="banner banner--error" role="alert">
        Abbonamento scaduto il {date}: i pacchetti sono disattivati. Contatta il supporto per rinnovarlo.
      </div>
    );
  }
  if (subscription.inGrace) {
    const n = subscription.graceDaysLeft ?? 0;
    return (
      <div className="banner banner--warning" role="status">
        Abbonamento scaduto il {date}: {n === 1 ? 'resta 1 giorno' : `restano ${n} giorni`} di tolleranza prima della disattivazione dei pacchetti.
      </div>
    );
  }
  if (subscription.warning) {
    const n = subscription.daysLeft ?? 0;
    return (
      <div className="banner banner--warning" role="status">
        {n === 0 ? `Il tuo abbonamento scade oggi (${date}).` : `Il tuo abbonamento scade tra ${n} ${n === 1 ? 'giorno' : 'giorni'} (${date}).`}
      </div>
    );
  }
  return null;
}
