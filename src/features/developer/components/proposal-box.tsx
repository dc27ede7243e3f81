import { useMemo, useState } from 'react';
import type { Shop } from '@/data/shop';
import type { ShopSubscription } from '@/data/shop-subscription';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatEuro } from '@/domain/money';
import { formatDate } from '@/lib/format';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { allPacksQuery, allPlansQuery, approveProposal } from '../api';
import type { Notify } from '@/components/ui/toast';

export const APPROVED = 'Proposta approvata e applicata';
export const APPROVAL_FAILED = "Errore durante l'approvazione della proposta";

/**
 * The pending proposal (document 3 §2.6, §4): plan, packs, proposed start and expiry, proposed price, and
 * 'Approva proposta'. The approval's effects are in api.ts; it is logged subscription_approved in the shop's log.
 */
export function ProposalBox({ shop, proposal, notify }: { shop: Shop; proposal: ShopSubscription; notify: Notify }) {
  const uid = useSession((s) => s.uid);
  const plansQ = useMemo(() => allPlansQuery(), []);
  const packsQ = useMemo(() => allPacksQuery(), []);
  const plans = useLiveQuery(plansQ, 'dev-plans');
  const packs = useLiveQuery(packsQ, 'dev-packs');
  const [busy, setBusy] = useState(false);
  const plan = plans.data?.find((p) => p.id === proposal.plan);
  const packNames = proposal.packs.map((id) => packs.data?.find((p) => p.id === id)?.name ?? id);

  const approve = async () => {
    setBusy(true);
    try {
      const result = await approveProposal(proposal, shop.id, uid);
      if (result.shopWarning) console.warn('Abbonamento approvato, ma subscriptionId del negozio non aggiornato', result.shopWarning);
      try {
        logActivity({
          action: 'subscription_approved',
          module: 'shop',
          subject: shop.id,
          details: {
            shopId: shop.id,
            subscriptionId: proposal.id,
            plan: proposal.plan,
            packs: proposal.packs,
            startingDate: proposal.proposedStartingDate,
            expiringDate: proposal.proposedExpiringDate,
            price: proposal.proposedPrice,
          },
        });
      } catch (error) {
        // A log that cannot be written is only a warning (document 3 §8).
        console.warn('Registro attività non scritto', error);
      }
      notify(APPROVED, 'success');
    } catch (error) {
      console.error(error);
      notify(APPROVAL_FAILED, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="dev-proposal" aria-labelledby="proposal-title" data-testid="proposal-box">
      <h3 id="proposal-title">Proposta in sospeso</h3>
      <dl>
        <dt>Piano</dt>
        <dd>{plan ? `${plan.name} — ${formatEuro(plan.price)}` : proposal.plan || '—'}</dd>
        <dt>Pacchetti</dt>
        <dd>{packNames.length > 0 ? packNames.join(', ') : '—'}</dd>
        <dt>Inizio proposto</dt>
        <dd>{proposal.proposedStartingDate ? formatDate(proposal.proposedStartingDate) : '—'}</dd>
        <dt>Scadenza proposta</dt>
        <dd>{proposal.proposedExpiringDate ? formatDate(proposal.proposedExpiringDate) : '—'}</dd>
        <dt>Prezzo proposto</dt>
        <dd>{proposal.proposedPrice !== null ? formatEuro(proposal.proposedPrice) : '—'}</dd>
      </dl>
      <button type="button" className="button button--primary" onClick={() => void approve()} disabled={busy}>
        {busy ? 'Approvazione…' : 'Approva proposta'}
      </button>
    </section>
  );
}
