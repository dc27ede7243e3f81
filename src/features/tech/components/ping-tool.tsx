import { useEffect, useId, useReducer, useState } from 'react';
import type { Shop } from '@/data/shop';
import { isDeviceOnline, TECH_ONLINE_WINDOW_MS } from '@/domain/settings/devices';
import { PING_TIMEOUT_MS, pingPort } from '@/domain/tech/devices';
import { IPAD_TARGET_REFUSAL, pingTargetProblem } from '@/domain/tech/ping-target';
import { IDLE, PING_FAILED, pingBlocker, pingReducer, pingText } from '@/domain/tech/ping';
import { useLiveDocument } from '@/lib/firebase-hooks';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { deviceTaskDoc, requestPing } from '../api-ping';

export type PingTarget = 'fiscal' | 'pos' | 'cash' | 'preconto' | 'ipad';

interface PingToolProps {
  shop: Shop;
  target: PingTarget;
  ip: string;
  port?: string | number;
}

/**
 * Ping tool per target (document 3 §2.2, §4): a source iPad of the shop, editable IP and port (default 80), Ping /
 * Annulla / Reset and the status texts. The request is a DeviceTask that one of the shop's iPads (npm run devices
 * in development) fulfils; no answer within 15 s is a 'Timeout'. An iPad is never a ping target.
 */
export function PingTool(props: PingToolProps) {
  if (props.target === 'ipad') {
    return (
      <section className="ping-tool card" aria-label="Ping">
        <h3>Ping</h3>
        <p className="muted" role="note">{IPAD_TARGET_REFUSAL}</p>
      </section>
    );
  }
  return <PingControls {...props} />;
}

function PingControls({ shop, target, ip: initialIp, port: initialPort }: PingToolProps) {
  const uid = useSession((s) => s.uid);
  const id = useId();
  const now = new Date();
  const devices = Object.values(shop.devices).sort((a, b) => a.deviceName.localeCompare(b.deviceName, 'it'));
  const [source, setSource] = useState<string | null>(null);
  const [ip, setIp] = useState(initialIp);
  const [port, setPort] = useState(String(pingPort(initialPort)));
  const [notice, setNotice] = useState<string | null>(null);
  const [state, dispatch] = useReducer(pingReducer, IDLE);
  const taskId = state.status === 'pending' ? state.taskId : null;
  const task = useLiveDocument(taskId ? deviceTaskDoc(taskId) : null, `device-task:${taskId ?? ''}`);
  const details = { shopId: shop.id, target, deviceId: source, ip: ip.trim(), port: pingPort(port), taskId };

  // The task answered (or its listener failed): pending → success/error, logged once.
  useEffect(() => {
    if (!taskId) return;
    if (task.status === 'error') {
      dispatch({ type: 'failed', message: PING_FAILED });
      logActivity({ action: 'device_ping_result', module: 'shop', subject: shop.id, details: { ...details, success: false, error: task.error } });
    } else if (task.status === 'ready' && task.data?.fulfilled) {
      const result = task.data.result;
      dispatch({ type: 'answered', result });
      logActivity({ action: 'device_ping_result', module: 'shop', subject: shop.id, details: { ...details, success: result?.success ?? false, latencyMs: result?.latencyMs ?? null, error: result?.error ?? null } });
    }
    // details is rebuilt each render; the answer is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task, taskId]);

  // 15 seconds without an answer: 'Timeout'.
  const startedAt = state.status === 'pending' ? state.startedAt : null;
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setTimeout(() => {
      dispatch({ type: 'timeout' });
      logActivity({ action: 'device_ping_timeout', module: 'shop', subject: shop.id, details: { ...details, timeoutMs: PING_TIMEOUT_MS } });
    }, Math.max(0, startedAt + PING_TIMEOUT_MS - Date.now()));
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startedAt]);

  async function ping() {
    if (state.status === 'pending') return;
    // Refused here first with the reason, as the rules would refuse it: a LAN device of the shop,
    // not an iPad, on one of its ports.
    const blocker = pingBlocker(source, ip) ?? pingTargetProblem(ip, pingPort(port), {
      posPort: shop.settings.posPort,
      cashmaticPort: shop.settings.cashmaticPort,
      deviceIps: Object.values(shop.devices).flatMap((d) => (d.ip ? [d.ip] : [])),
      deviceCount: Object.keys(shop.devices).length,
    });
    setNotice(blocker);
    if (blocker || !source) {
      if (source) document.getElementById(`${id}-ip`)?.focus();
      return;
    }
    if (!uid) return setNotice('Utente non autenticato');
    const at = Date.now();
    dispatch({ type: 'start', at });
    const request = { shopId: shop.id, techId: uid, deviceId: source, ip: ip.trim(), port: pingPort(port) };
    try {
      const created = await requestPing(request);
      dispatch({ type: 'created', taskId: created });
      logActivity({ action: 'device_ping_request', module: 'shop', subject: shop.id, details: { ...request, target, taskId: created } });
    } catch (error) {
      dispatch({ type: 'failed', message: PING_FAILED });
      logActivity({ action: 'device_ping_result', module: 'shop', subject: shop.id, details: { ...request, target, success: false, error: (error as Error).message } });
    }
  }

  const text = pingText(state);
  return (
    <section className="ping-tool card" aria-label="Ping">
      <h3>Ping</h3>
      {devices.length === 0 ? (
        <p className="muted">Nessun iPad registrato</p>
      ) : (
        <fieldset className="ping-tool__sources">
          <legend>iPad sorgente</legend>
          <ul className="choice-cards">
            {devices.map((d) => {
              const online = isDeviceOnline(d.lastVersionUpdate, now, TECH_ONLINE_WINDOW_MS);
              return (
                <li key={d.deviceId}>
                  <label>
                    <input type="radio" name={`${id}-source`} value={d.deviceId} checked={source === d.deviceId} onChange={() => setSource(d.deviceId)} disabled={state.status === 'pending'} />
                    <span>
                      {d.deviceName}
                      <span className={`online-dot online-dot--${online ? 'on' : 'off'}`} role="img" aria-label={online ? 'Online' : 'Offline'} />
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <div className="ping-tool__target">
        <div className="field">
          <label htmlFor={`${id}-ip`}>IP da pingare</label>
          <input id={`${id}-ip`} value={ip} onChange={(e) => setIp(e.target.value)} inputMode="decimal" autoComplete="off" disabled={state.status === 'pending'} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-port`}>Porta ping</label>
          <input id={`${id}-port`} type="number" min={1} max={65535} step={1} value={port} onChange={(e) => setPort(e.target.value)} onBlur={() => setPort(String(pingPort(port)))} disabled={state.status === 'pending'} />
        </div>
      </div>
      {notice ? <p className="form-error" role="alert">{notice}</p> : null}
      <div className="tech__actions">
        <button type="button" className="button button--primary" onClick={() => void ping()} disabled={state.status === 'pending' || devices.length === 0}>
          Ping
        </button>
        {state.status === 'pending' ? (
          <button type="button" className="button" onClick={() => dispatch({ type: 'cancel' })}>
            Annulla
          </button>
        ) : null}
        {state.status === 'success' || state.status === 'error' ? (
          <button type="button" className="button" onClick={() => dispatch({ type: 'reset' })}>
            Reset
          </button>
        ) : null}
      </div>
      <p className={`ping-tool__status ping-tool__status--${state.status}`} role="status" aria-live="polite">
        {text}
      </p>
    </section>
  );
}
