import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { MANAGED_LABEL, NO_SHOPS, splitTechShops } from '@/domain/tech/managed-shops';
import { PENDING_EMPTY, pendingShopKey, type PendingShop } from '@/domain/tech/pending-shops';
import { subscriptionBadge } from '@/domain/tech/subscription-badge';
import { formatDate } from '@/lib/format';
import { useSession } from '@/stores/session';
import type { TechShopRow } from './api';
import { TabNav } from './components/tab-nav';
import { usePendingShops, useTechShops } from './use-tech-shops';
import './tech.css';

type TabId = 'gestiti' | 'da-registrare';

/**
 * /tech-dashboard (document 1 §2, §6): 'Gestiti' lists the shops the technician manages ('Gestito da te') and any
 * other readable shop apart, each with its subscription-expiry badge; 'Da registrare' lists the pending shops of the
 * form (with their count) that name no technician or this one. 'Nuovo' starts a registration; a pending entry
 * starts one prefilled.
 */
export default function TechDashboardPage() {
  const uid = useSession((s) => s.uid);
  const email = useSession((s) => s.email);
  const [params] = useSearchParams();
  const active: TabId = params.get('tab') === 'da-registrare' ? 'da-registrare' : 'gestiti';
  const shops = useTechShops(uid);
  const pending = usePendingShops(email);
  const navigate = useNavigate();

  // A pending entry whose email already has a shop among the technician's ones is registered: left out.
  const registeredEmails = useMemo(
    () => new Set(shops.status === 'ready' ? shops.data.map((r) => (r.shop.emailUser ?? '').toLowerCase()).filter(Boolean) : []),
    [shops],
  );
  const pendingList = pending.status === 'ready' ? pending.data.filter((p) => !registeredEmails.has(p.contatti.emailIscrizione.toLowerCase())) : [];
  const pendingLabel = pending.status === 'ready' ? `Da registrare (${String(pendingList.length)})` : 'Da registrare';

  const register = (entry?: PendingShop) => void navigate('/register-shop', { state: entry ? { pending: entry } : undefined });

  return (
    <section className="page tech">
      <div className="tech__header">
        <h1>Dashboard tecnico</h1>
        <div className="tech__actions">
          <button type="button" className="button button--primary" onClick={() => register()}>
            Nuovo
          </button>
          <Link className="button" to="/tech-account">
            Impostazioni
          </Link>
          <Link className="button" to="/ticket">
            Ticket assistenza
          </Link>
        </div>
      </div>
      <TabNav
        label="Negozi"
        active={active}
        tabs={[
          { id: 'gestiti', label: 'Gestiti' },
          { id: 'da-registrare', label: pendingLabel },
        ]}
      />
      <div role="region" aria-label={active === 'gestiti' ? 'Gestiti' : 'Da registrare'}>
        {active === 'gestiti' ? <ManagedTab state={shops} uid={uid ?? ''} /> : <PendingTab state={pending} list={pendingList} onRegister={register} />}
      </div>
    </section>
  );
}

function ManagedTab({ state, uid }: { state: ReturnType<typeof useTechShops>; uid: string }) {
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <p className="banner banner--error" role="alert">{state.message}</p>;
  const { managed, others } = splitTechShops(state.data.map((r) => ({ ...r.shop, row: r })), uid);
  if (managed.length === 0 && others.length === 0) return <p className="muted">{NO_SHOPS}</p>;
  return (
    <>
      <ShopCards title="Negozi gestiti" rows={managed.map((s) => s.row)} managed />
      {others.length > 0 ? <ShopCards title="Altri negozi" rows={others.map((s) => s.row)} managed={false} /> : null}
    </>
  );
}

function ShopCards({ title, rows, managed }: { title: string; rows: TechShopRow[]; managed: boolean }) {
  const now = new Date();
  return (
    <section className="tech__group" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p className="muted">{NO_SHOPS}</p> : null}
      <ul className="tech-cards">
        {rows.map(({ shop, subscription, subscriptionError }) => {
          const badge = subscriptionError ? { tone: 'none', text: 'Abbonamento non leggibile' } : subscriptionBadge(subscription?.expiringDate, subscription !== undefined, now);
          return (
            <li key={shop.id} className="card tech-card" aria-label={shop.name || shop.id}>
              <div className="tech-card__head">
                <h3>{shop.name || shop.id}</h3>
                {managed ? <span className="badge badge--info">{MANAGED_LABEL}</span> : null}
              </div>
              <p className="muted">{[shop.address, shop.city, shop.province].filter(Boolean).join(', ') || '—'}</p>
              <p>
                <span className={`expiry-badge expiry-badge--${badge.tone}`}>{badge.text}</span>
              </p>
              <Link className="button" to={`/shop-details/${encodeURIComponent(shop.id)}`} aria-label={`Apri ${shop.name || shop.id}`}>
                Apri
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PendingTab({ state, list, onRegister }: { state: ReturnType<typeof usePendingShops>; list: PendingShop[]; onRegister: (entry: PendingShop) => void }) {
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <p className="banner banner--error" role="alert">{state.message}</p>;
  if (list.length === 0) return <p className="muted">{PENDING_EMPTY}</p>;
  return (
    <ul className="tech-cards">
      {list.map((entry) => {
        const when = new Date(entry.timestamp);
        const name = entry.datiLocale.nome || entry.contatti.emailIscrizione;
        return (
          <li key={pendingShopKey(entry)} className="card tech-card" aria-label={name}>
            <h2 className="tech-card__title">{name}</h2>
            <p className="muted">{[entry.datiLocale.indirizzo, entry.datiLocale.citta, entry.datiLocale.provincia].filter(Boolean).join(', ')}</p>
            <dl className="tech-card__facts">
              <div>
                <dt>Titolare</dt>
                <dd>{[entry.titolare.nome, entry.titolare.cognome].filter(Boolean).join(' ') || '—'}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{entry.contatti.emailIscrizione || '—'}</dd>
              </div>
              <div>
                <dt>P. IVA</dt>
                <dd>{entry.datiFiscaliLocale.partitaIva || '—'}</dd>
              </div>
              <div>
                <dt>Inviato il</dt>
                <dd>{Number.isNaN(when.getTime()) ? '—' : formatDate(when)}</dd>
              </div>
            </dl>
            {entry.contatti.emailTecnico ? <span className="badge badge--info">Assegnato a te</span> : null}
            <button type="button" className="button button--primary" aria-label={`Registra ${name}`} onClick={() => onRegister(entry)}>
              Registra
            </button>
          </li>
        );
      })}
    </ul>
  );
}
