import { useState, type FormEvent } from 'react';
import type { Shop } from '@/data/shop';
import { parseNumberText } from '@/domain/numbers/parse-number';
import { checkCounterInput } from '@/domain/settings/invoice-counter';
import { shopDiff } from '@/domain/tech/shop-diff';
import { SHOP_DETAILS_MESSAGES, shopUpdateFailed } from '@/domain/tech/shop-details-messages';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { configureOpenApi } from '../api-register';
import { saveShopDetails, usedInvoiceNumbers } from '../api-shop';


type Flash = { kind: 'success' | 'error'; text: string } | null;

/** Informazioni Generali (document 3 §2.2): the general fields and settings, 'Salva modifiche', the OpenAPI set-up. */
export function ShopInfoTab({ shop }: { shop: Shop }) {
  const uid = useSession((s) => s.uid);
  const [general, setGeneral] = useState({ phone: shop.phone, province: shop.province, city: shop.city, zipCode: shop.zipCode, address: shop.address });
  const [settings, setSettings] = useState({ pIva: shop.settings.pIva, codeDdt: String(shop.settings.codeDdt), nextInvoiceNumber: String(shop.settings.nextInvoiceNumber), imageScraping: shop.settings.imageScraping });
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setFlash(null);
    if (!uid) return setFlash({ kind: 'error', text: SHOP_DETAILS_MESSAGES.notSignedIn });
    const codeDdt = settings.codeDdt.trim() === '' ? { ok: true as const, value: 0 } : parseNumberText(settings.codeDdt, { field: 'Codice DDT', integer: true });
    if (!codeDdt.ok) return setFlash({ kind: 'error', text: codeDdt.error });
    setBusy(true);
    let counter;
    try {
      // The counter may not go back below a number already used; unchanged, it is not re-checked.
      const used = settings.nextInvoiceNumber.trim() === String(shop.settings.nextInvoiceNumber) ? [] : await usedInvoiceNumbers(shop.id);
      counter = checkCounterInput(settings.nextInvoiceNumber, used, shop.id, new Date().getFullYear());
    } catch (error) {
      setBusy(false);
      return setFlash({ kind: 'error', text: `Errore nel controllo dei numeri fattura usati: ${italianError(error)}` });
    }
    if (!counter.ok) {
      setBusy(false);
      return setFlash({ kind: 'error', text: counter.error });
    }
    const nextSettings = { ...shop.settings, pIva: settings.pIva.trim(), codeDdt: Math.trunc(codeDdt.value), nextInvoiceNumber: counter.value, imageScraping: settings.imageScraping };
    const nextGeneral = { phone: general.phone.trim(), province: general.province.trim().toUpperCase(), city: general.city.trim(), zipCode: general.zipCode.trim(), address: general.address.trim() };
    const before = { phone: shop.phone, province: shop.province, city: shop.city, zipCode: shop.zipCode, address: shop.address, pIva: shop.settings.pIva, codeDdt: shop.settings.codeDdt, invoiceNumber: shop.settings.nextInvoiceNumber, imageScraping: shop.settings.imageScraping };
    const after = { ...nextGeneral, pIva: nextSettings.pIva, codeDdt: nextSettings.codeDdt, invoiceNumber: nextSettings.nextInvoiceNumber, imageScraping: nextSettings.imageScraping };
    try {
      await saveShopDetails(shop, nextGeneral, nextSettings);
      logActivity({ action: 'shop_update', module: 'shop', subject: shop.id, details: { shopId: shop.id, ...shopDiff(before, after) } });
      setFlash({ kind: 'success', text: SHOP_DETAILS_MESSAGES.updated });
    } catch (error) {
      logActivity({ action: 'shop_update_error', module: 'shop', subject: shop.id, details: { shopId: shop.id, error: italianError(error) } });
      setFlash({ kind: 'error', text: shopUpdateFailed(italianError(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function openApi() {
    setFlash(null);
    setBusy(true);
    const result = await configureOpenApi(shop.id, { partitaIva: shop.settings.pIva || shop.partitaIva, name: shop.name, email: shop.emailUser ?? '' });
    setBusy(false);
    if (result.kind === 'configured') {
      logActivity({ action: 'openapi_configured', module: 'shop', subject: shop.id, details: { shopId: shop.id } });
      setFlash({ kind: 'success', text: SHOP_DETAILS_MESSAGES.openApiCreated });
    } else {
      logActivity({ action: 'openapi_config_error', module: 'shop', subject: shop.id, details: { shopId: shop.id, error: result.detail } });
      setFlash({ kind: 'error', text: `${SHOP_DETAILS_MESSAGES.openApiFailed}: ${result.detail}` });
    }
  }

  const text = (key: keyof typeof general, label: string) => (
    <div className="field">
      <label htmlFor={`shop-${key}`}>{label}</label>
      <input id={`shop-${key}`} value={general[key]} onChange={(e) => setGeneral({ ...general, [key]: e.target.value })} />
    </div>
  );
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <div className="grid-2">
        {text('phone', 'Telefono')}
        {text('province', 'Provincia')}
        {text('city', 'Città')}
        {text('zipCode', 'CAP')}
        {text('address', 'Indirizzo')}
        <div className="field">
          <label htmlFor="shop-piva">P. IVA</label>
          <input id="shop-piva" inputMode="numeric" value={settings.pIva} onChange={(e) => setSettings({ ...settings, pIva: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="shop-codeddt">Codice DDT</label>
          <input id="shop-codeddt" inputMode="numeric" value={settings.codeDdt} onChange={(e) => setSettings({ ...settings, codeDdt: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="shop-invoice">Numero fattura</label>
          <input id="shop-invoice" inputMode="numeric" value={settings.nextInvoiceNumber} onChange={(e) => setSettings({ ...settings, nextInvoiceNumber: e.target.value })} />
        </div>
      </div>
      <div className="checkbox">
        <input id="shop-images" type="checkbox" checked={settings.imageScraping} onChange={(e) => setSettings({ ...settings, imageScraping: e.target.checked })} />
        <label htmlFor="shop-images">Immagini automatiche</label>
      </div>
      {flash ? (
        <p className={flash.kind === 'success' ? 'form-success' : 'form-error'} role={flash.kind === 'success' ? 'status' : 'alert'}>
          {flash.text}
        </p>
      ) : null}
      <div className="wizard__nav">
        <button type="submit" className="button button--primary" disabled={busy}>
          Salva modifiche
        </button>
        {shop.openApi ? (
          <>
            <p className="muted">{SHOP_DETAILS_MESSAGES.openApiDone}</p>
            {/* Again with the webhook's current secret (after PROVIDER_WEBHOOK_AUTH is rotated, README): the provider
                overwrites the API configuration, the business registry one is kept. */}
            <button type="button" className="button" disabled={busy} onClick={() => void openApi()}>
              Ripeti configurazione OpenAPI
            </button>
          </>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={() => void openApi()}>
            Crea configurazione OpenAPI
          </button>
        )}
      </div>
    </form>
  );
}
