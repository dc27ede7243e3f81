import { useEffect, useState } from 'react';
import { dueSummary } from '@/domain/sdi-lifecycle/due-texts';
import './sdi-due.css';

type State = { status: 'loading' } | { status: 'ready'; text: string | undefined; late: boolean } | { status: 'error' };

/**
 * One shop's 'Scadenze SDI' in a line, for the accountant's list of shops: the same counts as the shop's dashboard
 * (src/data/sdi-due.ts), so the accountant sees at a glance which shop has something late.
 */
export function ShopDueLine({ shopId }: { shopId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    import('@/data/sdi-due')
      .then(({ countSdiDue }) => countSdiDue(shopId))
      .then(
        (due) => live && setState({ status: 'ready', text: dueSummary(due), late: (due.draftsLate ?? 0) + (due.rejectedLate ?? 0) > 0 }),
        () => live && setState({ status: 'error' }),
      );
    return () => {
      live = false;
    };
  }, [shopId]);
  if (state.status === 'loading') return <p className="muted shop-due" aria-busy="true">Controllo delle scadenze SDI…</p>;
  if (state.status === 'error') return <p className="muted shop-due">Scadenze SDI non disponibili.</p>;
  return (
    <p className={state.late ? 'shop-due shop-due--late' : 'muted shop-due'} data-testid="shop-due">
      {state.text ?? 'Nessuna scadenza SDI.'}
    </p>
  );
}
