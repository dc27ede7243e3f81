import { Suspense, useMemo } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { useLiveDocument } from '@/lib/firebase-hooks';
import { useFeature } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { shopDoc } from './api';
import type { TabProps } from './components/tab-props';
import { AccountTab } from './components/account-tab';
import { ShopConfigTab } from './components/shop-config-tab';
import './settings.css';

const DevicesTab = lazyPart(() => import('./components/devices-tab'));
const ChainTab = lazyPart(() => import('./components/chain-tab'));
const InvoicesTab = lazyPart(() => import('./components/invoices-tab'));
const RepeatedProductsTab = lazyPart(() => import('./components/repeated-products-tab'));
const SubscriptionTab = lazyPart(() => import('./components/subscription-tab'));

/** The tabs of document 3 §2.3, in its order; the id is the `tab` parameter of the URL. */
const TABS = [
  { id: 'shop', label: 'Configurazione Shop' },
  { id: 'account', label: 'Account' },
  { id: 'dispositivi', label: 'Dispositivi' },
  { id: 'catena', label: 'Catena/Gruppo' },
  { id: 'fatture', label: 'Fatture' },
  { id: 'prodotti-ripetuti', label: 'Prodotti ripetuti' },
  { id: 'abbonamento', label: 'Abbonamento' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const NO_SHOP = 'Nessun negozio trovato per questo utente.';

/** The load-failure texts of document 3 §2.3 / §8, per tab; `detail` = the technical message, when there is one. */
function loadErrorText(tab: TabId, detail: string | undefined): string {
  switch (tab) {
    case 'dispositivi':
      return 'Impossibile caricare i dati del negozio. Assicurati di avere un negozio configurato.';
    case 'shop':
      return detail ? `Errore nel caricamento della configurazione: ${detail}` : 'Shop non trovato';
    case 'fatture':
      return detail ? `Errore nel recupero del contatore fatture: ${detail}` : 'ID negozio non trovato.';
    default:
      return detail ? `${NO_SHOP} ${detail}` : NO_SHOP;
  }
}

/**
 * /settings (document 3 §2.3). Every tab is a link (`?tab=...`), so a tab can be bookmarked, reloaded and
 * reached with the keyboard; Configurazione Shop is the default. The shop is read live once for all tabs.
 * Any signed-in user opens the page: the Account tab is everyone's; the shop tabs need an active shop, and only
 * its owner may change them (an accountant sees them read-only, as the rules allow).
 */
/** Shown while a change of the shop saved without a connection waits for the server. */
const SETTINGS_PENDING = 'Modifiche salvate su questo dispositivo, in attesa di invio al server: verranno inviate al ritorno della connessione.';

export default function SettingsPage() {
  const [params] = useSearchParams();
  const uid = useSession((s) => s.uid);
  const level = useSession((s) => s.profile?.level);
  const shopId = useSession((s) => s.activeShopId);
  // The tab asks the decision of the chain dashboard's guard and the rules (paid-features.ts): Catena, within the grace.
  const chain = useFeature('chainSettings');
  const hasChain = chain.kind === 'allow';
  const hasShop = shopId !== undefined && (level === 'shop' || level === 'accountant');
  const visible = TABS.filter((t) => (t.id === 'catena' ? hasChain && hasShop : t.id === 'account' || hasShop));
  const requested = params.get('tab') ?? (hasShop ? 'shop' : 'account');
  const active: TabId = (TABS.find((t) => t.id === requested)?.id ?? 'shop');
  const shopRef = useMemo(() => (hasShop && shopId ? shopDoc(shopId) : null), [hasShop, shopId]);
  const shop = useLiveDocument(shopRef, shopId ?? '');
  const canEdit = level === 'shop' && shopId === uid;

  const body = () => {
    if (active === 'account') return <AccountTab />;
    if (!hasShop || !shopId) return <p className="select-empty">{active === 'shop' ? 'Nessun shop attivo selezionato' : NO_SHOP}</p>;
    if (active === 'catena' && chain.kind === 'wait') return <PageLoading />;
    if (active === 'catena' && chain.kind === 'deny') return <p className="banner banner--warning" role="alert">{chain.message}</p>;
    if (active === 'prodotti-ripetuti') return <RepeatedProductsTab />;
    if (active === 'abbonamento') return <SubscriptionTab shopId={shopId} />;
    if (shop.status === 'loading') return <PageLoading />;
    if (shop.status === 'error' || !shop.data) {
      const detail = shop.status === 'error' ? shop.error : undefined;
      return (
        <p className="banner banner--error" role="alert">
          {loadErrorText(active, detail)}
        </p>
      );
    }
    const props: TabProps = { shop: shop.data, canEdit };
    switch (active) {
      case 'shop':
        return <ShopConfigTab {...props} />;
      case 'dispositivi':
        return <DevicesTab {...props} />;
      case 'catena':
        return <ChainTab {...props} />;
      case 'fatture':
        return <InvoicesTab {...props} />;
    }
  };

  const current = TABS.find((t) => t.id === active);
  return (
    <section className="page settings">
      <h1>Impostazioni</h1>
      <nav className="settings-tabs" aria-label="Sezioni delle impostazioni">
        <ul>
          {visible.map((tab) => (
            <li key={tab.id}>
              <Link
                to={{ search: `?tab=${tab.id}` }}
                className={tab.id === active ? 'settings-tabs__link settings-tabs__link--active' : 'settings-tabs__link'}
                aria-current={tab.id === active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-panel" role="region" aria-label={current?.label}>
        {!canEdit && hasShop && active !== 'account' ? (
          <p className="banner banner--warning">Solo il titolare del negozio può modificare queste impostazioni.</p>
        ) : null}
        {/* Only without the server (answers from the cache): online, a save is pending for the moment of its round trip. */}
        {shop.status === 'ready' && shop.sync?.fromCache && shop.sync.pendingIds.size > 0 && active !== 'account' ? (
          <p className="banner banner--info" role="status" data-testid="settings-pending">
            {SETTINGS_PENDING}
          </p>
        ) : null}
        <Suspense fallback={<PageLoading />}>{body()}</Suspense>
      </div>
    </section>
  );
}
