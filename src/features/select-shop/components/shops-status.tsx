import { PageLoading } from '@/components/ui/spinner';
import type { AccountantShopsState } from '../use-accountant-shops';

/** Empty text of the accountant's shop choice (document 1 §8). */
export const NO_SHOPS = 'Nessun negozio associato a questo account.';

/** Loading, error and empty states shared by the list and the carousel; null when there are shops to show. */
export function ShopsStatus({ state }: { state: AccountantShopsState }) {
  if (state.status === 'loading') return <PageLoading label="Caricamento negozi…" />;
  if (state.status === 'error') {
    return (
      <p className="form-error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.shops.length === 0) {
    return (
      <p className="select-empty" role="status">
        {NO_SHOPS}
      </p>
    );
  }
  return null;
}
