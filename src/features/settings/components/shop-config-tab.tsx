import { useState } from 'react';
import { SHOP_TYPE_FEATURES, SHOP_TYPE_LABELS, SHOP_TYPES, toShopType, type ShopType } from '@/domain/settings/shop-types';
import { SAVED_OFFLINE } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { saveBackofficeRoles, saveShopType } from '../api';
import { FlashMessage, useFlash } from '../use-flash';
import type { TabProps } from './tab-props';

/** Document 3 §9: the shop type manager's messages disappear after 3 seconds. */
const MESSAGE_MS = 3000;

const MESSAGES = {
  typeSaved: 'Tipo shop aggiornato con successo!',
  typeError: "Errore nell'aggiornamento del tipo shop",
  rolesOn: 'Gestione ruoli backoffice abilitata!',
  rolesOff: 'Gestione ruoli backoffice disabilitata!',
  rolesError: "Errore nell'aggiornamento della configurazione",
} as const;

/** Configurazione Shop (document 3 §2.3): shop type and the backoffice-roles switch, both logged. */
export function ShopConfigTab({ shop, canEdit }: TabProps) {
  const [flash, show] = useFlash(MESSAGE_MS);
  const [busy, setBusy] = useState(false);
  const current = toShopType(shop.shopType);
  const features = SHOP_TYPE_FEATURES[current];

  const changeType = async (next: ShopType) => {
    if (next === current) return;
    setBusy(true);
    try {
      const outcome = await saveShopType(shop.id, next);
      logActivity({ action: 'shop_type_update', module: 'settings', details: { before: current, after: next } });
      show({ kind: 'success', text: outcome === 'queued' ? SAVED_OFFLINE : MESSAGES.typeSaved });
    } catch (error) {
      console.error('Tipo shop', error);
      show({ kind: 'error', text: MESSAGES.typeError });
    } finally {
      setBusy(false);
    }
  };

  const toggleRoles = async (enabled: boolean) => {
    setBusy(true);
    try {
      const outcome = await saveBackofficeRoles(shop.id, enabled);
      logActivity({ action: 'backoffice_roles_update', module: 'settings', details: { before: !enabled, after: enabled } });
      show({ kind: 'success', text: outcome === 'queued' ? SAVED_OFFLINE : enabled ? MESSAGES.rolesOn : MESSAGES.rolesOff });
    } catch (error) {
      console.error('Ruoli backoffice', error);
      show({ kind: 'error', text: MESSAGES.rolesError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-section">
      <h2>Configurazione Shop</h2>
      <FlashMessage flash={flash} />
      <div className="field settings-field">
        <label htmlFor="shop-type">Tipo di negozio</label>
        <select id="shop-type" value={current} disabled={!canEdit || busy} onChange={(e) => void changeType(e.target.value as ShopType)} aria-describedby="shop-type-hint">
          {SHOP_TYPES.map((type) => (
            <option key={type} value={type}>
              {SHOP_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        <span id="shop-type-hint" className="field-hint">
          {features ?? 'Nessun campo aggiuntivo sui prodotti per questo tipo di negozio.'}
        </span>
      </div>
      <div className="settings-switch">
        <input
          id="backoffice-roles"
          type="checkbox"
          role="switch"
          checked={shop.settings.backofficeRoles}
          disabled={!canEdit || busy}
          onChange={(e) => void toggleRoles(e.target.checked)}
          aria-describedby="backoffice-roles-hint"
        />
        <label htmlFor="backoffice-roles">Gestione ruoli backoffice</label>
        <p id="backoffice-roles-hint" className="field-hint">
          Se attiva, dopo l'accesso ogni dipendente sceglie il proprio nome (con PIN, se impostato) e le sue operazioni vengono registrate a suo nome.
          I dipendenti si gestiscono nella pagina Utenti.
        </p>
      </div>
    </div>
  );
}
