import { useMemo, useState } from 'react';
import type { Pack } from '@/data/pack';
import type { Plan } from '@/data/plan';
import { Toast, useToast } from '@/components/ui/toast';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatEuro } from '@/domain/money';
import { logActivity } from '@/stores/activity-log';
import { allPacksQuery, allPlansQuery, savePack, savePlan } from '../api';
import { CatalogFormModal, type CatalogFormValue } from './catalog-form-modal';
import { LoadStates } from '@/components/ui/load-states';

type Editing = { kind: 'plan'; plan?: Plan } | { kind: 'pack'; pack?: Pack } | undefined;

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'it');

/** Piani (document 3 §2.6): plans and packs with create buttons, detail cards and edit modals; each change logged. */
export default function PlansTab() {
  const plansQ = useMemo(() => allPlansQuery(), []);
  const packsQ = useMemo(() => allPacksQuery(), []);
  const plans = useLiveQuery(plansQ, 'dev-plans');
  const packs = useLiveQuery(packsQ, 'dev-packs');
  const [editing, setEditing] = useState<Editing>();
  const { toast, show, dismiss } = useToast();
  const packList = [...(packs.data ?? [])].sort(byName);
  const packName = (id: string) => packList.find((p) => p.id === id)?.name ?? id;

  const save = async (value: CatalogFormValue) => {
    if (!editing) return;
    if (editing.kind === 'plan') {
      const before = editing.plan;
      const id = await savePlan(before?.id, value);
      logActivity({
        action: before ? 'plan_updated' : 'plan_created',
        module: 'developer',
        details: { planId: id, name: value.name, ...(before ? { before: { name: before.name, price: before.price, packs: before.includedPacks, description: before.description ?? '' } } : {}), after: { name: value.name, price: value.price, packs: value.packs, description: value.description } },
      });
      show(before ? 'Piano aggiornato con successo.' : 'Piano creato con successo.', 'success');
    } else {
      const before = editing.pack;
      const id = await savePack(before?.id, value);
      logActivity({
        action: before ? 'pack_updated' : 'pack_created',
        module: 'developer',
        details: { packId: id, name: value.name, ...(before ? { before: { name: before.name, price: before.price, description: before.description ?? '' } } : {}), after: { name: value.name, price: value.price, description: value.description } },
      });
      show(before ? 'Pacchetto aggiornato con successo.' : 'Pacchetto creato con successo.', 'success');
    }
    setEditing(undefined);
  };

  return (
    <div>
      <section aria-labelledby="plans-title">
        <div className="dev-panel__head">
          <h2 id="plans-title">Piani</h2>
          <button type="button" className="button button--primary" onClick={() => setEditing({ kind: 'plan' })}>
            Nuovo piano
          </button>
        </div>
        <LoadStates state={plans} loading="Caricamento piani…" error="Errore nel caricamento dei piani" empty="Nessun piano." isEmpty={plans.data?.length === 0} />
        <ul className="dev-cards" data-testid="plan-cards">
          {[...(plans.data ?? [])].sort(byName).map((plan) => (
            <li key={plan.id} className="dev-card" data-testid="plan-card">
              <h3>{plan.name || plan.id}</h3>
              <p>
                <strong>{formatEuro(plan.price)}</strong> / mese
              </p>
              <p className="muted">Pacchetti inclusi: {plan.includedPacks.length > 0 ? plan.includedPacks.map(packName).join(', ') : 'nessuno'}</p>
              {plan.description ? <p>{plan.description}</p> : null}
              <button type="button" className="button" onClick={() => setEditing({ kind: 'plan', plan })} aria-label={`Modifica piano ${plan.name}`}>
                Modifica
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="packs-title">
        <div className="dev-panel__head">
          <h2 id="packs-title">Pacchetti</h2>
          <button type="button" className="button button--primary" onClick={() => setEditing({ kind: 'pack' })}>
            Nuovo pacchetto
          </button>
        </div>
        <LoadStates state={packs} loading="Caricamento pacchetti…" error="Errore nel caricamento dei pacchetti" empty="Nessun pacchetto." isEmpty={packList.length === 0} />
        <ul className="dev-cards" data-testid="pack-cards">
          {packList.map((pack) => (
            <li key={pack.id} className="dev-card" data-testid="pack-card">
              <h3>{pack.name || pack.id}</h3>
              <p>
                <strong>{formatEuro(pack.price)}</strong> / mese
              </p>
              {pack.description ? <p>{pack.description}</p> : null}
              <button type="button" className="button" onClick={() => setEditing({ kind: 'pack', pack })} aria-label={`Modifica pacchetto ${pack.name}`}>
                Modifica
              </button>
            </li>
          ))}
        </ul>
      </section>
      {editing ? (
        <CatalogFormModal
          kind={editing.kind}
          initial={
            editing.kind === 'plan'
              ? editing.plan && { name: editing.plan.name, price: editing.plan.price, description: editing.plan.description, packs: editing.plan.includedPacks }
              : editing.pack && { name: editing.pack.name, price: editing.pack.price, description: editing.pack.description }
          }
          packs={packList}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <Toast toast={toast} onDismiss={dismiss} />
    </div>
  );
}
