import { useMemo, useState } from 'react';
import type { Shop } from '@/data/shop';
import type { ShopSubscription } from '@/data/shop-subscription';
import { Toast, useToast } from '@/components/ui/toast';
import { sortShopsPendingFirst } from '@/domain/developer/shop-list';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { allShopsQuery, proposedSubscriptionsQuery } from '../api';
import { AnnouncementModal } from './announcement-modal';
import { ShopDetail } from './shop-detail';
import { LoadStates } from '@/components/ui/load-states';

/** The shop a proposal is for (shopId, or userId on older records). */
function proposalShop(p: ShopSubscription): string | undefined {
  return p.shopId ?? p.userId;
}

/**
 * Negozi (document 3 §2.6): the shop list with its count, shops with a pending proposal first and marked,
 * 'Crea Annuncio'; the selected shop's detail on the right.
 */
export function ShopsTab() {
  const shopsQ = useMemo(() => allShopsQuery(), []);
  const proposalsQ = useMemo(() => proposedSubscriptionsQuery(), []);
  const shops = useLiveQuery(shopsQ, 'dev-shops');
  const proposals = useLiveQuery(proposalsQ, 'dev-proposals');
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [announcing, setAnnouncing] = useState(false);
  const { toast, show, dismiss } = useToast();

  const pendingByShop = useMemo(() => {
    const map = new Map<string, ShopSubscription>();
    for (const p of proposals.data ?? []) {
      const shopId = proposalShop(p);
      // The newest proposal of a shop wins when there are several.
      const known = shopId ? map.get(shopId) : undefined;
      if (shopId && (!known || (p.updatedAt?.getTime() ?? 0) > (known.updatedAt?.getTime() ?? 0))) map.set(shopId, p);
    }
    return map;
  }, [proposals.data]);
  const list: Shop[] = useMemo(() => sortShopsPendingFirst(shops.data ?? [], new Set(pendingByShop.keys())), [shops.data, pendingByShop]);
  const selected = list.find((s) => s.id === selectedId);

  return (
    <div className="dev-shops">
      <section className="dev-panel" aria-labelledby="dev-shops-title">
        <div className="dev-panel__head">
          <h2 id="dev-shops-title">
            Negozi {shops.status === 'ready' ? <span data-testid="shop-count">({list.length})</span> : null}
          </h2>
          <button type="button" className="button button--primary" onClick={() => setAnnouncing(true)}>
            Crea Annuncio
          </button>
        </div>
        <LoadStates state={shops} loading="Caricamento negozi…" error="Errore nel caricamento dei negozi" empty="Nessun negozio." isEmpty={list.length === 0} />
        {proposals.status === 'error' ? (
          <p className="form-error" role="alert">
            {proposals.error}
          </p>
        ) : null}
        <ul className="dev-list" aria-label="Elenco negozi">
          {list.map((shop) => {
            const pending = pendingByShop.has(shop.id);
            return (
              <li key={shop.id}>
                <button
                  type="button"
                  className={pending ? 'dev-list__item dev-list__item--pending' : 'dev-list__item'}
                  aria-pressed={shop.id === selectedId}
                  onClick={() => setSelectedId(shop.id)}
                  data-testid="shop-item"
                >
                  <strong>{shop.name || shop.id}</strong>
                  <span className="muted">{[shop.city, shop.province].filter(Boolean).join(' · ') || shop.id}</span>
                  {pending ? <span className="dev-badge">Proposta in sospeso</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="dev-panel" aria-label="Dettaglio negozio">
        {selected ? (
          <ShopDetail key={selected.id} shop={selected} proposal={pendingByShop.get(selected.id)} notify={show} />
        ) : (
          <p className="muted">Seleziona un negozio dall&apos;elenco.</p>
        )}
      </section>
      <AnnouncementModal open={announcing} onClose={() => setAnnouncing(false)} />
      <Toast toast={toast} onDismiss={dismiss} />
    </div>
  );
}
