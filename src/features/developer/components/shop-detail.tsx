import { useState } from 'react';
import type { Shop } from '@/data/shop';
import type { ShopSubscription } from '@/data/shop-subscription';
import type { Notify } from '@/components/ui/toast';
import { ApiLogsPanel } from './api-logs-panel';
import { DevicesPanel } from './devices-panel';
import { FiscalIdPanel } from './fiscal-id-panel';
import { ProposalBox } from './proposal-box';
import { TechnicianPanel } from './technician-panel';
import { UserLogsPanel } from './user-logs-panel';

const SUB_TABS = [
  { id: 'api', label: 'API Logs' },
  { id: 'devices', label: 'Dispositivi' },
  { id: 'tech', label: 'Tecnico' },
  { id: 'user', label: 'User Logs' },
  { id: 'fiscal', label: 'Identità fiscale' },
] as const;
type SubTab = (typeof SUB_TABS)[number]['id'];

/** The selected shop (document 3 §2.6): the pending-proposal box and four sub-tabs. */
export function ShopDetail({ shop, proposal, notify }: { shop: Shop; proposal: ShopSubscription | undefined; notify: Notify }) {
  const [tab, setTab] = useState<SubTab>('api');
  return (
    <div data-testid="shop-detail">
      <h2>{shop.name || shop.id}</h2>
      <p className="muted">
        ID {shop.id}
        {shop.emailUser ? ` · ${shop.emailUser}` : ''}
      </p>
      {proposal ? <ProposalBox shop={shop} proposal={proposal} notify={notify} /> : null}
      <div className="dev-tabs" role="tablist" aria-label="Sezioni del negozio">
        {SUB_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`shop-tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls="shop-tabpanel"
            className="dev-tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="shop-tabpanel" role="tabpanel" aria-labelledby={`shop-tab-${tab}`}>
        {tab === 'api' ? <ApiLogsPanel shop={shop} /> : null}
        {tab === 'devices' ? <DevicesPanel shop={shop} /> : null}
        {tab === 'tech' ? <TechnicianPanel shop={shop} notify={notify} /> : null}
        {tab === 'user' ? <UserLogsPanel shop={shop} notify={notify} /> : null}
        {tab === 'fiscal' ? <FiscalIdPanel shop={shop} notify={notify} /> : null}
      </div>
    </div>
  );
}
