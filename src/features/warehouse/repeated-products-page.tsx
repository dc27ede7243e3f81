import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Scrap } from '@/data/scrap';
import { pageCount } from '@/domain/pagination/pagination';
import {
  ADVANCED_MERGE_PAUSE_MS, advancedMerge, keepOnly, mergeHere, REPEATED_GROUPS_PER_PAGE, REPEATED_MESSAGES, repeatedGroups, type MergePlan, type RepeatedGroup,
} from '@/domain/warehouse/repeated';
import { formatEuro } from '@/domain/money';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { mergeProducts } from './api';
import { useProducts } from './hooks/use-products';
import './warehouse.css';

type Flash = { kind: 'success' | 'error' | 'info'; text: string } | null;
type Advanced = { current: number; total: number; merged: number; skipped: number } | null;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes one merge (the kept product updated, the others deleted, in one batch) and logs it. */
async function applyMerge(plan: MergePlan<Scrap>, kind: 'merge_here' | 'keep_only' | 'advanced'): Promise<void> {
  await mergeProducts({ id: plan.keep.id, patch: plan.patch }, plan.remove.map((p) => p.id));
  logActivity({
    action: 'product_merge',
    module: 'warehouse',
    details: {
      kind,
      barcode: plan.keep.barcode,
      scrapId: plan.keep.id,
      name: plan.keep.name,
      before: { price: plan.keep.price, quantity: plan.keep.stock.qty },
      after: { price: plan.patch.price ?? plan.keep.price, quantity: plan.patch.quantity ?? plan.keep.stock.qty },
      removed: plan.remove.map((p) => ({ scrapId: p.id, name: p.name, code: p.code, price: p.price, quantity: p.stock.qty })),
    },
  });
}

/**
 * 'Prodotti ripetuti' (document 3 §2.3): the shop's products sharing a barcode, 20 groups per page, with
 * 'Fondi qui (somma quantità)', 'Mantieni solo questo', 'Ricarica lista' and 'Fusione Avanzata'. Exported as a
 * lazy screen: the settings tab mounts it through the app's slot (features never import each other).
 */
export default function RepeatedProductsPage() {
  const shopId = useSession((s) => s.activeShopId);
  // Only the owner writes products (accountants and technicians read them): the others see the groups only.
  const canWrite = useSession((s) => s.profile?.level === 'shop');
  const products = useProducts(shopId, { firstRows: false });
  const groups = useMemo(() => (products.complete ? repeatedGroups(products.products) : []), [products.complete, products.products]);
  const [page, setPage] = useState(0);
  const [flash, setFlash] = useState<Flash>(null);
  const [busyGroup, setBusyGroup] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [advanced, setAdvanced] = useState<Advanced>(null);
  const pages = Math.max(1, pageCount(groups.length, REPEATED_GROUPS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = groups.slice(current * REPEATED_GROUPS_PER_PAGE, (current + 1) * REPEATED_GROUPS_PER_PAGE);
  const busy = busyGroup !== null || advanced !== null || !canWrite;

  async function act(group: RepeatedGroup<Scrap>, id: string, kind: 'merge_here' | 'keep_only') {
    const plan = kind === 'merge_here' ? mergeHere(group, id) : keepOnly(group, id);
    if (!plan) return;
    setBusyGroup(group.barcode);
    setFlash(null);
    try {
      await applyMerge(plan, kind);
      // The live list shows the merge by itself.
      setFlash({ kind: 'success', text: kind === 'merge_here' ? REPEATED_MESSAGES.merged : REPEATED_MESSAGES.keptOnly });
    } catch (error) {
      setFlash({ kind: 'error', text: `Errore durante l'operazione: ${italianError(error)}` });
    } finally {
      setBusyGroup(null);
    }
  }

  async function runAdvanced() {
    setConfirming(false);
    setFlash(null);
    if (groups.length === 0) {
      setFlash({ kind: 'info', text: REPEATED_MESSAGES.nothingToMerge });
      return;
    }
    let merged = 0;
    let skipped = 0;
    setAdvanced({ current: 0, total: groups.length, merged, skipped });
    try {
      for (let i = 0; i < groups.length; i++) {
        const plan = advancedMerge(groups[i]!);
        if (plan) {
          await applyMerge(plan, 'advanced');
          merged += 1;
        } else skipped += 1;
        setAdvanced({ current: i + 1, total: groups.length, merged, skipped });
        await pause(ADVANCED_MERGE_PAUSE_MS);
      }
      setFlash({ kind: 'success', text: REPEATED_MESSAGES.advancedDone(merged, skipped) });
    } catch (error) {
      setFlash({ kind: 'error', text: `Errore durante l'operazione: ${italianError(error)} (gruppi fusi prima dell'errore: ${merged})` });
    } finally {
      setAdvanced(null);
    }
  }

  if (!shopId) return <p className="form-error">Nessuno shop selezionato.</p>;

  return (
    <div className="repeated-products" data-testid="repeated-products">
      <div className="repeated-products__header">
        <h2>Prodotti ripetuti</h2>
        <div className="panel__actions">
          <button type="button" className="button" onClick={products.reload} disabled={busy || products.status === 'loading'}>
            Ricarica lista
          </button>
          <button type="button" className="button button--primary" onClick={() => setConfirming(true)} disabled={busy || !products.complete}>
            Fusione Avanzata
          </button>
        </div>
      </div>
      <p className="muted">Prodotti con lo stesso codice a barre. Fondi le quantità su un prodotto o mantienine uno solo: gli altri vengono eliminati.</p>
      {flash ? (
        <p className={flash.kind === 'error' ? 'form-error' : flash.kind === 'success' ? 'form-success' : 'banner banner--warning'} role={flash.kind === 'error' ? 'alert' : 'status'} data-testid="repeated-message">
          {flash.text}
        </p>
      ) : null}
      {advanced ? (
        <div className="import-progress">
          <progress max={Math.max(1, advanced.total)} value={advanced.current} aria-label="Avanzamento fusione avanzata" />
          <span role="status" data-testid="advanced-progress">
            {advanced.current}/{advanced.total} · Gruppi fusi: {advanced.merged} · Gruppi saltati: {advanced.skipped}
          </span>
        </div>
      ) : null}
      {products.status === 'error' ? (
        <p className="form-error" role="alert">
          Errore nel caricamento dei prodotti: {products.error}
        </p>
      ) : null}
      {products.status === 'loading' || (products.status === 'ready' && !products.complete) ? (
        <p className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Caricamento prodotti… {products.products.length > 0 ? products.products.length.toLocaleString('it-IT') : ''}
        </p>
      ) : null}
      {products.complete && groups.length === 0 ? <p className="muted">{REPEATED_MESSAGES.none}</p> : null}
      {shown.map((group) => (
        <section key={group.barcode} className="repeated-group" aria-label={`Codice a barre ${group.barcode}`} data-testid="repeated-group">
          <h3>
            Codice a barre <span className="mono">{group.barcode}</span> <span className="muted">({group.products.length} prodotti)</span>
          </h3>
          <table className="data-table data-table--compact">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col" className="num">
                  Prezzo
                </th>
                <th scope="col" className="num">
                  Quantità
                </th>
                <th scope="col">Azioni</th>
              </tr>
            </thead>
            <tbody>
              {group.products.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.name || '(senza nome)'} {p.code ? <span className="muted">· {p.code}</span> : null}
                  </td>
                  <td className="num">{formatEuro(p.price)}</td>
                  <td className="num">{p.stock.qty}</td>
                  <td className="row-actions">
                    <button type="button" className="button" disabled={busy} onClick={() => void act(group, p.id, 'merge_here')} aria-label={`Fondi qui (somma quantità): ${p.name}`}>
                      Fondi qui (somma quantità)
                    </button>
                    <button type="button" className="button button--ghost" disabled={busy} onClick={() => void act(group, p.id, 'keep_only')} aria-label={`Mantieni solo questo: ${p.name}`}>
                      Mantieni solo questo
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {groups.length > REPEATED_GROUPS_PER_PAGE ? (
        <nav className="pager" aria-label="Pagine dei prodotti ripetuti">
          <button type="button" className="button" onClick={() => setPage(current - 1)} disabled={current === 0}>
            Precedente
          </button>
          <span aria-live="polite">
            Pagina {current + 1} di {pages}
          </span>
          <button type="button" className="button" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
            Successiva
          </button>
        </nav>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Fusione Avanzata"
        message={REPEATED_MESSAGES.confirmAdvanced}
        confirmLabel="Avvia fusione"
        danger
        onConfirm={() => void runAdvanced()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
