import { useMemo } from 'react';
import { shopDoc } from '@/data/shop';
import { useLiveDocument } from '@/lib/firebase-hooks';
import { PageLoading } from '@/components/ui/spinner';
import { useSession } from '@/stores/session';

/** Dashboard: the welcome line for now; cards, chart and activity log arrive with the dashboard issue. */
export default function DashboardPage() {
  const shopId = useSession((s) => s.activeShopId);
  const ref = useMemo(() => (shopId ? shopDoc(shopId) : null), [shopId]);
  const shop = useLiveDocument(ref, shopId ?? '');
  if (shop.status === 'loading') return <PageLoading />;
  if (shop.status === 'error') {
    return (
      <section className="page">
        <h1>Dashboard</h1>
        <p className="form-error" role="alert">
          {shop.error}
        </p>
      </section>
    );
  }
  return (
    <section className="page">
      <h1>Dashboard</h1>
      <p className="welcome" data-testid="welcome">
        Benvenuto, <strong>{shop.data?.name ?? 'negozio non trovato'}</strong>
      </p>
    </section>
  );
}
