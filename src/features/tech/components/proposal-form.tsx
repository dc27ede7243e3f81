import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import type { Pack } from '@/data/pack';
import type { Plan } from '@/data/plan';
import type { Shop } from '@/data/shop';
import type { ShopSubscription } from '@/data/shop-subscription';
import { packState, preselectPacks, proposalError, proposalPacks, proposedPrice, PROPOSAL_TEXTS, recommendedPrice } from '@/domain/tech/proposal';
import { formatEuro } from '@/domain/money';
import { italianError } from '@/lib/firebase-errors';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { pendingProposalsQuery, submitProposal } from '../api-proposal';

const priceText = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
const toInput = (d: Date | undefined) => (d ? format(d, 'yyyy-MM-dd') : '');
const fromInput = (s: string) => {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
};

interface ProposalFormProps {
  shop: Shop;
  current: ShopSubscription | undefined;
  plans: Plan[];
  packs: Pack[];
}

/**
 * Renewal proposal (document 3 §2.2, §4, §5): plan select, pack cards Selezionato / Mancante / Incluso, proposed
 * dates and price with 'Prezzo consigliato', 'Proponi rinnovo'; the pending proposal, followed live, is offered
 * as a 'Proposta in sospeso' banner that loads it into the form. Plan and pack choices are logged.
 */
export function ProposalForm({ shop, current, plans, packs }: ProposalFormProps) {
  const uid = useSession((s) => s.uid);
  const currentPacks = useMemo(() => (current?.status === 'active' ? current.packs : []), [current]);
  const startPlan = current?.status === 'active' && plans.some((p) => p.id === current.plan) ? current.plan : '';
  const [planId, setPlanId] = useState(startPlan);
  const [selected, setSelected] = useState<string[]>(startPlan ? currentPacks : []);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [price, setPrice] = useState('');
  const [pendingId, setPendingId] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [flash, setFlash] = useState<{ ok: boolean; text: string } | null>(null);
  const pendingQuery = useMemo(() => pendingProposalsQuery(shop.id), [shop.id]);
  const pending = useLiveQuery(pendingQuery, `pending-proposal:${shop.id}`);
  const proposal = pending.data?.[0];

  const plan = plans.find((p) => p.id === planId);
  const planPacks = plan?.includedPacks ?? [];
  const packPrices = useMemo(() => new Map(packs.map((p) => [p.id, p.price])), [packs]);
  const recommended = recommendedPrice(plan, selected, packPrices);
  const log = (action: 'plan_selected' | 'pack_selected' | 'pack_unselected', details: Record<string, unknown>) =>
    logActivity({ action, module: 'shop', subject: shop.id, details: { shopId: shop.id, ...details } });

  function choosePlan(id: string) {
    const next = plans.find((p) => p.id === id);
    setFlash(null);
    setPlanId(id);
    setSelected(preselectPacks(next));
    if (next) log('plan_selected', { planId: next.id, name: next.name, price: next.price });
  }

  function togglePack(pack: Pack, on: boolean) {
    setFlash(null);
    setSelected(on ? [...selected, pack.id] : selected.filter((id) => id !== pack.id));
    log(on ? 'pack_selected' : 'pack_unselected', { packId: pack.id, name: pack.name, planId });
  }

  function loadPending() {
    if (!proposal) return;
    setPendingId(proposal.id);
    setPlanId(proposal.plan);
    setSelected(proposal.packs);
    setStart(toInput(proposal.proposedStartingDate));
    setEnd(toInput(proposal.proposedExpiringDate));
    setPrice(proposal.proposedPrice === null ? '' : String(proposal.proposedPrice));
  }

  async function submit() {
    const extraPacks = proposalPacks(planPacks, selected).length - new Set(planPacks).size;
    const error = proposalError({ planId, start, end, price, extraPacks });
    if (error) return setFlash({ ok: false, text: error });
    if (!uid) return setFlash({ ok: false, text: 'Utente non autenticato' });
    setSending(true);
    const input = {
      shopId: shop.id,
      shopSubscriptionId: shop.subscriptionId,
      pendingId: pendingId ?? proposal?.id,
      plan: planId,
      packs: proposalPacks(planPacks, selected),
      proposedStartingDate: fromInput(start),
      proposedExpiringDate: fromInput(end),
      proposedPrice: proposedPrice(price),
      techId: uid,
    };
    try {
      const done = await submitProposal(input);
      setPendingId(done.id);
      const { techId: _techId, ...logged } = input;
      logActivity({ action: 'subscription_proposed', module: 'shop', subject: shop.id, details: { ...logged, subscriptionId: done.id, kind: done.kind } });
      setFlash({ ok: true, text: done.kind === 'updated' ? PROPOSAL_TEXTS.updated : PROPOSAL_TEXTS.created });
    } catch (error) {
      console.error(PROPOSAL_TEXTS.failed, error);
      setFlash({ ok: false, text: `${PROPOSAL_TEXTS.failed}: ${italianError(error)}` });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="card wizard" aria-labelledby="proposal-title">
      <h2 id="proposal-title">Proposta di rinnovo</h2>
      {proposal ? (
        <button type="button" className="banner banner--warning proposal-banner" onClick={loadPending} aria-describedby="proposal-banner-hint">
          Proposta in sospeso
          <span id="proposal-banner-hint" className="proposal-banner__hint">
            {' '}— {plans.find((p) => p.id === proposal.plan)?.name ?? proposal.plan}
            {proposal.proposedPrice !== null ? `, ${formatEuro(proposal.proposedPrice)}` : ''}. Clicca per caricarla nel modulo.
          </span>
        </button>
      ) : null}
      {pending.status === 'error' ? <p className="banner banner--error" role="alert">Errore nel caricamento della proposta in sospeso: {pending.error}</p> : null}
      <div className="field">
        <label htmlFor="proposal-plan">Piano</label>
        <select id="proposal-plan" value={planId} onChange={(e) => choosePlan(e.target.value)}>
          <option value="">Seleziona un piano</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} — {priceText.format(p.price)}€
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>Pacchetti</legend>
        {packs.length === 0 ? <p className="muted">Nessun pacchetto disponibile</p> : null}
        <ul className="choice-cards" aria-label="Pacchetti">
          {packs.map((p) => {
            const state = packState(p.id, planPacks, selected, currentPacks);
            return (
              <li key={p.id} className={state ? `pack-card pack-card--${state.toLowerCase()}` : 'pack-card'}>
                <label>
                  <input type="checkbox" checked={state === 'Incluso' || state === 'Selezionato'} disabled={state === 'Incluso'} onChange={(e) => togglePack(p, e.target.checked)} />
                  <span>
                    <strong>{p.name}</strong> — {state === 'Incluso' ? 'Incluso' : formatEuro(p.price)}
                    {state && state !== 'Incluso' ? <span className={`pack-badge pack-badge--${state.toLowerCase()}`}>{state}</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="grid-2">
        <div className="field">
          <label htmlFor="proposal-start">Data proposta inizio</label>
          <input id="proposal-start" type="date" value={start} onChange={(e) => { setFlash(null); setStart(e.target.value); }} />
        </div>
        <div className="field">
          <label htmlFor="proposal-end">Data proposta scadenza</label>
          <input id="proposal-end" type="date" value={end} onChange={(e) => { setFlash(null); setEnd(e.target.value); }} />
        </div>
        <div className="field">
          <label htmlFor="proposal-price">Prezzo proposto</label>
          <input id="proposal-price" inputMode="decimal" value={price} onChange={(e) => { setFlash(null); setPrice(e.target.value); }} aria-describedby="proposal-price-hint" />
          <p id="proposal-price-hint" className="muted">
            Prezzo consigliato: {recommended === null ? '-' : formatEuro(recommended)}
          </p>
        </div>
      </div>
      {flash ? (
        <p className={flash.ok ? 'form-success' : 'form-error'} role={flash.ok ? 'status' : 'alert'}>
          {flash.text}
        </p>
      ) : null}
      <button type="button" className="button button--primary" onClick={() => void submit()} disabled={sending}>
        {sending ? 'Invio...' : 'Proponi rinnovo'}
      </button>
    </section>
  );
}
