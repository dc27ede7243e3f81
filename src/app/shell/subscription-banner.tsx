import { Link } from 'react-router-dom';
import { supportRequestLabel, supportRequestPath } from '@/domain/tickets/support-request';
import { formatDate } from '@/lib/format';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';

/** The renewal request, for the shop's owner (the one who can open a ticket for it from /my-tickets). */
function RenewLink() {
  const owner = useSession((s) => s.profile?.level === 'shop' && s.uid !== undefined && s.activeShopId === s.uid);
  if (!owner) return null;
  return (
    <>
      {' '}
      <Link to={supportRequestPath({ kind: 'rinnovo' })} className="banner__action">
        {supportRequestLabel({ kind: 'rinnovo' })}
      </Link>
    </>
  );
}

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
        <RenewLink />
      </div>
    );
  }
  if (subscription.inGrace) {
    const n = subscription.graceDaysLeft ?? 0;
    return (
      <div className="banner banner--warning" role="status">
        Abbonamento scaduto il {date}: {n === 1 ? 'resta 1 giorno' : `restano ${n} giorni`} di tolleranza prima della disattivazione dei pacchetti.
        <RenewLink />
      </div>
    );
  }
  if (subscription.warning) {
    const n = subscription.daysLeft ?? 0;
    return (
      <div className="banner banner--warning" role="status">
        {n === 0 ? `Il tuo abbonamento scade oggi (${date}).` : `Il tuo abbonamento scade tra ${n} ${n === 1 ? 'giorno' : 'giorni'} (${date}).`}
        <RenewLink />
      </div>
    );
  }
  return null;
}
