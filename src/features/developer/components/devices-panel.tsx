import { useState } from 'react';
import type { Shop } from '@/data/shop';
import { isDeviceOnline, TECH_ONLINE_WINDOW_MS } from '@/domain/settings/devices';
import { formatDateTime } from '@/lib/format';

/** Dispositivi (document 3 §2.6, §4): app version, build, last update; online when updated in the last 30 minutes. */
export function DevicesPanel({ shop }: { shop: Shop }) {
  const [now] = useState(() => new Date());
  const devices = Object.values(shop.devices).sort((a, b) => (b.lastVersionUpdate?.getTime() ?? 0) - (a.lastVersionUpdate?.getTime() ?? 0));
  if (devices.length === 0) return <p className="muted">Nessun dispositivo registrato</p>;
  return (
    <table className="data-table" data-testid="dev-devices">
      <thead>
        <tr>
          <th scope="col">Dispositivo</th>
          <th scope="col">Versione App</th>
          <th scope="col">Build</th>
          <th scope="col">Ultimo Aggiornamento</th>
          <th scope="col">Stato</th>
        </tr>
      </thead>
      <tbody>
        {devices.map((d) => {
          const online = isDeviceOnline(d.lastVersionUpdate, now, TECH_ONLINE_WINDOW_MS);
          return (
            <tr key={d.deviceId}>
              <td>
                {d.deviceName}
                {d.deviceName !== d.deviceId ? <div className="muted">{d.deviceId}</div> : null}
              </td>
              <td>{d.appVersion ?? '-'}</td>
              <td>{d.appBuild ?? '-'}</td>
              <td>{d.lastVersionUpdate ? formatDateTime(d.lastVersionUpdate) : '-'}</td>
              <td>
                <span className={online ? 'status-pill status-pill--online' : 'status-pill status-pill--offline'}>{online ? 'Online' : 'Offline'}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
