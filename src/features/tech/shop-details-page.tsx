import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { useLiveDocument } from '@/lib/firebase-hooks';
import { logActivity } from '@/stores/activity-log';
import { shopDoc } from './api-shop';
import { ShopHardwareTab } from './components/shop-hardware-tab';
import { ShopInfoTab } from './components/shop-info-tab';
import { ShopSubscriptionTab } from './components/shop-subscription-tab';
import { TabNav } from './components/tab-nav';
import './tech.css';

const TABS = [
  { id: 'info', label: 'Informazioni Generali' },
  { id: 'hardware', label: 'Hardware' },
  { id: 'abbonamento', label: 'Abbonamento' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /shop-details/{id} (document 3 §2.2): the shop read live; a missing shop, or one the rules refuse (it does not list
 * this technician), goes back to /tech-dashboard. Opening the page and changing tab are logged.
 */
export default function ShopDetailsPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const active: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'info';
  const shop = useLiveDocument(id ? shopDoc(id) : null, `shop:${id}`);
  const logged = useRef<string | null>(null);
  const lastTab = useRef<TabId>(active);

  const gone = shop.status === 'error' || (shop.status === 'ready' && shop.data === undefined);
  useEffect(() => {
    if (gone) void navigate('/tech-dashboard', { replace: true, state: { notice: 'Negozio non trovato o non accessibile.' } });
  }, [gone, navigate]);

  useEffect(() => {
    if (shop.status !== 'ready' || !shop.data || logged.current === id) return;
    logged.current = id;
    logActivity({ action: 'shop_access', module: 'shop', subject: id, details: { shopId: id, name: shop.data.name } });
  }, [shop, id]);

  useEffect(() => {
    if (lastTab.current === active) return;
    logActivity({ action: 'shop_tab_change', module: 'shop', subject: id, details: { shopId: id, from: lastTab.current, to: active } });
    lastTab.current = active;
  }, [active, id]);

  if (shop.status !== 'ready' || !shop.data) return <PageLoading />;
  const data = shop.data;
  return (
    <section className="page tech">
      <div className="tech__header">
        <h1>{data.name || data.id}</h1>
        <Link to="/tech-dashboard">Torna alla dashboard</Link>
      </div>
      <TabNav label="Sezioni del negozio" active={active} tabs={TABS} />
      <div role="region" aria-label={TABS.find((t) => t.id === active)?.label}>
        {active === 'info' ? <ShopInfoTab shop={data} /> : null}
        {active === 'hardware' ? <ShopHardwareTab shop={data} /> : null}
        {active === 'abbonamento' ? <ShopSubscriptionTab shop={data} /> : null}
      </div>
    </section>
  );
}
