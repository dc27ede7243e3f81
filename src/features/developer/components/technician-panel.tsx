import { useMemo, useState } from 'react';
import type { Shop } from '@/data/shop';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { sameIds } from '@/domain/developer/shop-list';
import { italianError } from '@/lib/firebase-errors';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { logActivity } from '@/stores/activity-log';
import { assignTechnician, saveTechnicianList, techniciansQuery } from '../api';
import type { Notify } from '@/components/ui/toast';

export const ASSIGNED = 'Tecnico assegnato con successo.';
export const UNASSIGNED = 'Assegnazione tecnico rimossa con successo.';

/**
 * Tecnico (document 3 §2.6, §4): the technicians' checkboxes with 'Salva lista tecnici' and 'Annulla', and the
 * assigned technician, set after a confirmation (assigning also adds to the list; clearing empties assignedTech).
 */
export function TechnicianPanel({ shop, notify }: { shop: Shop; notify: Notify }) {
  const q = useMemo(() => techniciansQuery(), []);
  const techs = useLiveQuery(q, 'dev-techs');
  const [checked, setChecked] = useState<string[]>(shop.technicians);
  const [source, setSource] = useState(shop.technicians);
  const [assigned, setAssigned] = useState(shop.assignedTech ?? '');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // A live change of the shop (another admin, the assignment below) resets the checkboxes.
  if (source !== shop.technicians) {
    setSource(shop.technicians);
    setChecked(shop.technicians);
  }
  const dirty = !sameIds(checked, shop.technicians);
  const list = techs.data ?? [];
  // Technicians named by the shop but without a tech User document are still shown (they can be removed).
  const unknown = shop.technicians.filter((id) => !list.some((t) => t.id === id));
  const label = (id: string) => list.find((t) => t.id === id)?.email ?? id;

  const toggle = (id: string) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const saveList = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await saveTechnicianList(shop.id, checked);
      logActivity({ action: 'technicians_updated', module: 'shop', subject: shop.id, details: { shopId: shop.id, before: shop.technicians, after: checked } });
      notify('Lista tecnici salvata.', 'success');
    } catch (e) {
      setError(italianError(e));
    } finally {
      setBusy(false);
    }
  };

  const assign = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await assignTechnician(shop.id, assigned);
      logActivity({ action: 'technician_assigned', module: 'shop', subject: shop.id, details: { shopId: shop.id, before: shop.assignedTech ?? '', after: assigned } });
      setConfirming(false);
      notify(assigned ? ASSIGNED : UNASSIGNED, 'success');
    } catch (e) {
      setConfirming(false);
      setError(italianError(e));
    } finally {
      setBusy(false);
    }
  };

  if (techs.status === 'loading') return <p className="muted">Caricamento tecnici…</p>;
  if (techs.status === 'error') {
    return (
      <p className="form-error" role="alert">
        Errore nel caricamento dei tecnici: {techs.error}
      </p>
    );
  }

  return (
    <div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset className="dev-fieldset">
        <legend>Tecnici del negozio</legend>
        {list.length === 0 && unknown.length === 0 ? <p className="muted">Nessun tecnico registrato.</p> : null}
        <ul className="dev-checks">
          {[...list.map((t) => t.id), ...unknown].map((id) => (
            <li key={id}>
              <label>
                <input type="checkbox" checked={checked.includes(id)} onChange={() => toggle(id)} />
                {label(id)}
              </label>
            </li>
          ))}
        </ul>
        <div className="dev-actions">
          <button type="button" className="button button--primary" onClick={() => void saveList()} disabled={busy || !dirty}>
            Salva lista tecnici
          </button>
          <button type="button" className="button" onClick={() => setChecked(shop.technicians)} disabled={busy || !dirty}>
            Annulla
          </button>
        </div>
      </fieldset>
      <div className="dev-actions">
        <label className="field">
          Tecnico assegnato
          <select value={assigned} onChange={(e) => setAssigned(e.target.value)}>
            <option value="">Nessuno</option>
            {list.map((t) => (
              <option key={t.id} value={t.id}>
                {t.email || t.id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => setConfirming(true)} disabled={busy || assigned === (shop.assignedTech ?? '')}>
          Assegna tecnico
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Conferma assegnazione"
        message={
          assigned
            ? `Assegnare ${label(assigned)} al negozio "${shop.name}"? Il tecnico sarà aggiunto anche alla lista dei tecnici.`
            : `Rimuovere il tecnico assegnato dal negozio "${shop.name}"?`
        }
        confirmLabel="Conferma"
        onConfirm={() => void assign()}
        onCancel={() => setConfirming(false)}
        busy={busy}
      />
    </div>
  );
}
