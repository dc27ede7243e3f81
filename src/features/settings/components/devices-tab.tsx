import { useState } from 'react';
import type { Device } from '@/data/device';
import { isDeviceOnline } from '@/domain/settings/devices';
import { italianError } from '@/lib/firebase-errors';
import { formatDateTime } from '@/lib/format';
import { reloadShop } from '../api';
import { FlashMessage, useFlash } from '../use-flash';
import type { TabProps } from './tab-props';

const LOAD_ERROR = 'Impossibile caricare i dati del negozio. Assicurati di avere un negozio configurato.';

function sortDevices(devices: Record<string, Device>): Device[] {
  return Object.values(devices).sort((a, b) => (b.lastVersionUpdate?.getTime() ?? 0) - (a.lastVersionUpdate?.getTime() ?? 0));
}

/**
 * Dispositivi (document 3 §2.3): the iPads in `Shop.devices`, online when updated in the last 24 hours
 * (document 3 §4). The list follows the shop live; 'Aggiorna Dispositivi' re-reads it from the server and
 * re-evaluates the online state against the current time.
 */
export default function DevicesTab({ shop }: TabProps) {
  const [devices, setDevices] = useState<Record<string, Device>>(shop.devices);
  const [sourceShop, setSourceShop] = useState(shop);
  const [now, setNow] = useState(() => new Date());
  const [busy, setBusy] = useState(false);
  const [flash, show] = useFlash();
  // A live change of the shop replaces the list (React's "adjust state on prop change" pattern).
  if (sourceShop !== shop) {
    setSourceShop(shop);
    setDevices(shop.devices);
  }
  const list = sortDevices(devices);

  const refresh = async () => {
    setBusy(true);
    show(undefined);
    try {
      const fresh = await reloadShop(shop.id);
      if (!fresh) show({ kind: 'error', text: LOAD_ERROR });
      else setDevices(fresh.devices);
      setNow(new Date());
    } catch (error) {
      show({ kind: 'error', text: `${LOAD_ERROR} ${italianError(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-section">
      <div className="settings-section__head">
        <h2>Lista Dispositivi</h2>
        <button type="button" className="button" onClick={() => void refresh()} disabled={busy}>
          {busy ? 'Aggiornamento…' : 'Aggiorna Dispositivi'}
        </button>
      </div>
      <FlashMessage flash={flash} />
      <h3>Dispositivi Registrati ({list.length})</h3>
      {list.length === 0 ? (
        <p className="select-empty">Nessun dispositivo registrato</p>
      ) : (
        <ul className="device-list">
          {list.map((device) => {
            const online = isDeviceOnline(device.lastVersionUpdate, now);
            return (
              <li key={device.deviceId} className="card device-card">
                <div className="device-card__head">
                  <strong className="device-card__id">{device.deviceId}</strong>
                  <span className={online ? 'status-pill status-pill--online' : 'status-pill status-pill--offline'}>{online ? 'Online' : 'Offline'}</span>
                </div>
                {device.deviceName !== device.deviceId ? <p className="muted device-card__name">{device.deviceName}</p> : null}
                <dl className="device-card__facts">
                  <div>
                    <dt>Versione App</dt>
                    <dd>{device.appVersion ?? '-'}</dd>
                  </div>
                  <div>
                    <dt>Build</dt>
                    <dd>{device.appBuild ?? '-'}</dd>
                  </div>
                  <div>
                    <dt>Ultimo Aggiornamento</dt>
                    <dd>{device.lastVersionUpdate ? formatDateTime(device.lastVersionUpdate) : '-'}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
