import { useState, type ReactNode } from 'react';
import type { Shop, ShopSettings } from '@/data/shop';
import { centsToEuro } from '@/domain/money';
import { parseCentsText } from '@/domain/numbers/parse-number';
import { isDeviceOnline, TECH_ONLINE_WINDOW_MS } from '@/domain/settings/devices';
import { modelClass, relativeTime } from '@/domain/tech/devices';
import { shopDiff } from '@/domain/tech/shop-diff';
import { checkHardwareIps, SHOP_DETAILS_MESSAGES, shopUpdateFailed } from '@/domain/tech/shop-details-messages';
import { formatDateTime } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { saveShopDetails } from '../api-shop';
import { DeviceImage } from './device-image';
import { PingTool } from './ping-tool';
import { countOf } from '@/domain/numbers/format-count';

type Category = 'fiscal' | 'pos' | 'cash' | 'preconto' | 'tablets';

const TITLES: Record<Category, string> = {
  fiscal: 'Stampante Fiscale',
  pos: 'Terminale POS',
  cash: 'Cassa Automatica',
  preconto: 'Sistema Preconto',
  tablets: 'Dispositivi Tablet',
};

/** Hardware (document 3 §2.2): category cards with their configured indicator, each opening its detail view. */
export function ShopHardwareTab({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState<Category | null>(null);
  const s = shop.settings;
  const devices = Object.values(shop.devices);
  const state: Record<Category, string> = {
    fiscal: s.printerIp ? 'Configurata' : 'Non configurata',
    pos: s.posHost ? 'Configurato' : 'Non configurato',
    cash: s.cashmaticEnabled ? 'Abilitata' : 'Disabilitata',
    preconto: s.secondPrinterIp ? 'Configurato' : 'Non configurato',
    tablets: countOf(devices.length, 'dispositivo registrato', 'dispositivi registrati'),
  };
  const configured: Record<Category, boolean> = { fiscal: !!s.printerIp, pos: !!s.posHost, cash: s.cashmaticEnabled, preconto: !!s.secondPrinterIp, tablets: devices.length > 0 };

  if (open === null) {
    return (
      <ul className="tech-cards" aria-label="Categorie hardware">
        {(Object.keys(TITLES) as Category[]).map((c) => (
          <li key={c} className="card tech-card">
            <h2>{TITLES[c]}</h2>
            <p>
              <span className={`expiry-badge expiry-badge--${configured[c] ? 'ok' : 'none'}`}>{state[c]}</span>
            </p>
            <button type="button" className="button" onClick={() => setOpen(c)} aria-label={`Apri ${TITLES[c]}`}>
              Apri
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div>
      <button type="button" className="button button--ghost" onClick={() => setOpen(null)}>
        Torna alle categorie
      </button>
      <h2>{TITLES[open]}</h2>
      {open === 'tablets' ? (
        <>
          <TabletList shop={shop} />
          <PingTool shop={shop} target="ipad" ip="" />
        </>
      ) : (
        <SettingsForm shop={shop} category={open} />
      )}
    </div>
  );
}

function SettingsForm({ shop, category }: { shop: Shop; category: Exclude<Category, 'tablets'> }) {
  const [draft, setDraft] = useState<ShopSettings>(shop.settings);
  const [showPassword, setShowPassword] = useState(false);
  const [totalMoneyText, setTotalMoneyText] = useState(String(shop.settings.cashmaticTotalMoney).replace('.', ','));
  const [flash, setFlash] = useState<{ ok: boolean; text: string } | null>(null);
  const field = (key: keyof ShopSettings, label: string): ReactNode => (
    <div className="field">
      <label htmlFor={`hw-${key}`}>{label}</label>
      <input id={`hw-${key}`} type="text" value={String(draft[key] ?? '')} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </div>
  );
  const check = (key: 'automaticPosSale' | 'cashmaticEnabled', label: string) => (
    <div className="checkbox">
      <input id={`hw-${key}`} type="checkbox" checked={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })} />
      <label htmlFor={`hw-${key}`}>{label}</label>
    </div>
  );
  async function save() {
    setFlash(null);
    const ips = checkHardwareIps(shop.settings, draft);
    if (!ips.ok) return setFlash({ ok: false, text: ips.error });
    let saved = ips.settings;
    if (category === 'cash') {
      const totalMoney = parseCentsText(totalMoneyText, { field: 'Totale Denaro' });
      if (!totalMoney.ok) return setFlash({ ok: false, text: totalMoney.error });
      saved = { ...saved, cashmaticTotalMoney: centsToEuro(totalMoney.cents) };
    }
    try {
      await saveShopDetails(shop, { phone: shop.phone, province: shop.province, city: shop.city, zipCode: shop.zipCode, address: shop.address }, saved);
      const { cashmaticPassword: _b, ...before } = shop.settings;
      const { cashmaticPassword: _a, ...after } = saved;
      logActivity({ action: 'shop_update', module: 'shop', subject: shop.id, details: { shopId: shop.id, category, ...shopDiff(before, after) } });
      setFlash({ ok: true, text: SHOP_DETAILS_MESSAGES.updated });
    } catch (error) {
      logActivity({ action: 'shop_update_error', module: 'shop', subject: shop.id, details: { shopId: shop.id, category, error: italianError(error) } });
      setFlash({ ok: false, text: shopUpdateFailed(italianError(error)) });
    }
  }
  return (
    <div className="grid-2">
      {category === 'fiscal' ? field('printerIp', 'IP stampante principale') : null}
      {category === 'preconto' ? field('secondPrinterIp', 'IP Preconto') : null}
      {category === 'pos' ? (
        <>
          {field('posHost', 'Host')}
          {field('posPort', 'Porta')}
          {field('posTid', 'TID')}
          {check('automaticPosSale', 'Vendita automatica POS')}
        </>
      ) : null}
      {category === 'cash' ? (
        <>
          {check('cashmaticEnabled', 'Cassa automatica abilitata')}
          {field('cashmaticServerIP', 'IP server')}
          {field('cashmaticPort', 'Porta')}
          <div className="field">
            <label htmlFor="hw-protocol">Protocollo</label>
            <select id="hw-protocol" value={draft.cashmaticProtocol} onChange={(e) => setDraft({ ...draft, cashmaticProtocol: e.target.value === 'http' ? 'http' : 'https' })}>
              <option value="https">https</option>
              <option value="http">http</option>
            </select>
          </div>
          {field('cashmaticUsername', 'Username')}
          <div className="field">
            <label htmlFor="hw-cashmaticPassword">Password</label>
            <input id="hw-cashmaticPassword" type={showPassword ? 'text' : 'password'} autoComplete="off" value={draft.cashmaticPassword} onChange={(e) => setDraft({ ...draft, cashmaticPassword: e.target.value })} />
            <button type="button" className="button button--ghost" aria-pressed={showPassword} onClick={() => setShowPassword(!showPassword)}>
              {showPassword ? 'Nascondi' : 'Mostra'}
            </button>
          </div>
          <div className="field">
            <label htmlFor="hw-cashmaticTotalMoney">Totale Denaro</label>
            <input id="hw-cashmaticTotalMoney" inputMode="decimal" value={totalMoneyText} onChange={(e) => setTotalMoneyText(e.target.value)} />
          </div>
          <p>
            Ultimo Aggiornamento: <strong>{draft.cashmaticLastUpdate ? formatDateTime(draft.cashmaticLastUpdate) : '—'}</strong>
          </p>
        </>
      ) : null}
      <div>
        {flash ? (
          <p className={flash.ok ? 'form-success' : 'form-error'} role={flash.ok ? 'status' : 'alert'}>
            {flash.text}
          </p>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => void save()}>
          Salva Configurazione
        </button>
      </div>
      <PingTool shop={shop} target={category} {...PING_TARGET[category](shop.settings)} />
    </div>
  );
}

/** What each category pings by default (document 3 §9: fiscal and preconto on port 80). */
const PING_TARGET: Record<Exclude<Category, 'tablets'>, (s: ShopSettings) => { ip: string; port: string | number }> = {
  fiscal: (s) => ({ ip: s.printerIp, port: 80 }),
  preconto: (s) => ({ ip: s.secondPrinterIp, port: 80 }),
  pos: (s) => ({ ip: s.posHost, port: s.posPort }),
  cash: (s) => ({ ip: s.cashmaticServerIP, port: s.cashmaticPort }),
};

function TabletList({ shop }: { shop: Shop }) {
  const now = new Date();
  const devices = Object.values(shop.devices).sort((a, b) => a.deviceName.localeCompare(b.deviceName, 'it'));
  if (devices.length === 0) return <p className="muted">Nessun dispositivo registrato</p>;
  return (
    <ul className="tech-cards" aria-label="Dispositivi registrati">
      {devices.map((d) => {
        const online = isDeviceOnline(d.lastVersionUpdate, now, TECH_ONLINE_WINDOW_MS);
        const cls = modelClass(d.deviceModel, d.localizedModel, d.deviceName);
        return (
          <li key={d.deviceId} className="card tech-card" aria-label={d.deviceName}>
            <div className="tech-card__head">
              <DeviceImage cls={cls} />
              <h3>{d.deviceName}</h3>
              <span className={`online-dot online-dot--${online ? 'on' : 'off'}`} role="img" aria-label={online ? 'Online' : 'Offline'} />
            </div>
            {d.isSimulator ? <span className="badge badge--warning">SIMULATOR</span> : null}
            <dl className="tech-card__facts">
              <div>
                <dt>Modello</dt>
                <dd>{d.localizedModel ?? d.deviceModel ?? `iPad ${cls}`}</dd>
              </div>
              <div>
                <dt>Sistema</dt>
                <dd>{[d.systemName, d.systemVersion].filter(Boolean).join(' ') || '—'}</dd>
              </div>
              <div>
                <dt>App</dt>
                <dd>{[d.appVersion, d.appBuild ? `(${d.appBuild})` : ''].filter(Boolean).join(' ') || '—'}</dd>
              </div>
              <div>
                <dt>Ultimo aggiornamento</dt>
                <dd>{relativeTime(d.lastVersionUpdate, now)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
