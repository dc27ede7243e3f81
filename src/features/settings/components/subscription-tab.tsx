import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { loadSubscriptionBundle, type SubscriptionBundle } from '@/data/subscription-bundle';
import { loadPacksByIds, type Pack } from '@/data/pack';
import { formatEuro } from '@/domain/money';
import { formatDate } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { useLatestAnswer } from '@/lib/use-latest-answer';
import { supportRequestLabel, supportRequestPath } from '@/domain/tickets/support-request';
import { usePermissions } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { FlashMessage, useFlash } from '../use-flash';

type BundleAnswer = { bundle: SubscriptionBundle | undefined; error: string | undefined };
const EMPTY: BundleAnswer = { bundle: undefined, error: undefined };

async function loadBundle(shopId: string): Promise<BundleAnswer> {
  const result = await loadSubscriptionBundle(shopId);
  return result.ok ? { bundle: result.bundle, error: undefined } : { bundle: undefined, error: result.error };
}

/**
 * Abbonamento (document 3 §2.3, §4): price, detected plan and tier, period, Attivo/Scaduto from the permission
 * store, the packs with their details, 'Aggiorna Abbonamento' (reloads the permission chain) and, for the owner, the
 * renewal asked of support as a ticket.
 */
export default function SubscriptionTab({ shopId }: { shopId: string }) {
  const permissions = usePermissions();
  // The renewal is asked by the shop's owner, from /my-tickets (other levels read the tab).
  const isOwner = useSession((s) => s.profile?.level === 'shop' && s.uid === shopId);
  const [round, setRound] = useState(0);
  const [flash, show] = useFlash();
  const [busy, setBusy] = useState(false);
  const [details, setDetails] = useState<Record<string, Pack | 'loading' | 'missing' | { error: string }>>({});
  const loaded = useRef(new Map<string, Pack>());
  const { loading, value, error } = useLatestAnswer(`${shopId}|${String(round)}`, () => loadBundle(shopId), EMPTY, (e) => italianError(e));
  const expired = permissions.subscription?.expired ?? false;
  const subscription = value.bundle?.subscription;
  const packs = value.bundle?.packs ?? [];

  const refresh = async () => {
    setBusy(true);
    show(undefined);
    try {
      await usePermissions.getState().load(shopId, { force: true });
      setRound((n) => n + 1);
      setDetails({});
      loaded.current.clear();
      show({ kind: 'success', text: 'Informazioni abbonamento aggiornate.' });
    } catch (e) {
      show({ kind: 'error', text: italianError(e) });
    } finally {
      setBusy(false);
    }
  };

  // The first 'Dettagli' reads the details of every listed pack at once, in chunks of 10 ids (document 3 §7),
  // not one document per click.
  const toggleDetails = async (packId: string) => {
    if (details[packId] !== undefined) {
      setDetails(({ [packId]: _closed, ...rest }) => rest);
      return;
    }
    const known = loaded.current.get(packId);
    if (known) {
      setDetails((d) => ({ ...d, [packId]: known }));
      return;
    }
    setDetails((d) => ({ ...d, [packId]: 'loading' }));
    try {
      const found = await loadPacksByIds(packs.map((p) => p.id));
      for (const pack of found) loaded.current.set(pack.id, pack);
      setDetails((d) => ({ ...d, [packId]: loaded.current.get(packId) ?? 'missing' }));
    } catch (e) {
      setDetails((d) => ({ ...d, [packId]: { error: italianError(e) } }));
    }
  };

  const problem = error ?? value.error;
  const start = subscription?.startingDate ?? permissions.startingDate;
  const end = subscription?.expiringDate ?? permissions.expiringDate;
  const price = subscription?.price ?? permissions.planPrice;
  const planName = permissions.planName ?? value.bundle?.plan?.name ?? '-';

  return (
    <div className="settings-section">
      <div className="settings-section__head">
        <h2>Abbonamento</h2>
        <div className="settings-section__actions">
          <button type="button" className="button" onClick={() => void refresh()} disabled={busy}>
            {busy ? 'Aggiornamento…' : 'Aggiorna Abbonamento'}
          </button>
          {isOwner ? (
            <Link to={supportRequestPath({ kind: 'rinnovo' })} className="button button--ghost">
              {supportRequestLabel({ kind: 'rinnovo' })}
            </Link>
          ) : null}
        </div>
      </div>
      <FlashMessage flash={flash} />
      {loading ? <p className="muted">Caricamento…</p> : null}
      {problem ? <p className="banner banner--error" role="alert">{problem}</p> : null}
      <div className="card subscription-summary">
        <dl>
          <div>
            <dt>Prezzo</dt>
            <dd>{price !== undefined ? `${formatEuro(price)} / mese` : '-'}</dd>
          </div>
          <div>
            <dt>Piano rilevato</dt>
            <dd>
              {planName}
              {permissions.tier && permissions.tier.toLowerCase() !== planName.toLowerCase() ? <span className="muted"> ({permissions.tier})</span> : null}
            </dd>
          </div>
          <div>
            <dt>Periodo</dt>
            <dd>
              {start ? formatDate(start) : '-'} – {end ? formatDate(end) : '-'}
            </dd>
          </div>
          <div>
            <dt>Stato</dt>
            <dd>
              <span className={expired ? 'status-pill status-pill--offline' : 'status-pill status-pill--online'}>{expired ? 'Scaduto' : 'Attivo'}</span>
            </dd>
          </div>
        </dl>
      </div>
      <h3>Pacchetti inclusi</h3>
      {!loading && packs.length === 0 ? <p className="muted">Nessun pacchetto attivo.</p> : null}
      <ul className="pack-cards">
        {packs.map((pack) => {
          const detail = details[pack.id];
          return (
            <li key={pack.id} className="card pack-card">
              <strong>{pack.name}</strong>
              <button type="button" className="button" aria-expanded={detail !== undefined} aria-controls={`pack-${pack.id}`} onClick={() => void toggleDetails(pack.id)}>
                Dettagli
              </button>
              <div id={`pack-${pack.id}`} className="pack-card__details">
                {detail === 'loading' ? <span className="muted">Caricamento…</span> : null}
                {detail === 'missing' ? <span className="muted">Dettagli del pacchetto non disponibili.</span> : null}
                {typeof detail === 'object' && 'error' in detail ? <span className="form-error">{detail.error}</span> : null}
                {typeof detail === 'object' && 'name' in detail ? (
                  <>
                    <span>{formatEuro(detail.price)} / mese</span>
                    <span className="muted">{detail.description ?? 'Nessuna descrizione.'}</span>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="field-hint">I livelli Standard, Plus e Premium sono ricavati dai pacchetti attivi nel tuo abbonamento.</p>
    </div>
  );
}
