import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Scrap } from '@/data/scrap';
import { checkProductForm, emptyProductForm, productFormOf, VAT_RATES, type ProductFormField, type ProductFormValues, type ProductValues } from '@/domain/warehouse/products';
import { italianError } from '@/lib/firebase-errors';
import { SAVED_OFFLINE, type SaveOutcome } from '@/lib/firebase-writes';
import { logActivity } from '@/stores/activity-log';
import { addProduct, newProductId, updateProduct } from '../api';

interface ProductFormModalProps {
  open: boolean;
  shopId: string;
  /** undefined = a new product. */
  product: Scrap | undefined;
  others: readonly Scrap[];
  showPriceLists: boolean;
  categories: readonly string[];
  onClose: () => void;
  /** `outcome` 'queued': saved on this device without a connection, sent when it returns. */
  onSaved: (product: Scrap, message: string, outcome: SaveOutcome) => void;
}

/** What the log keeps of a product (before/after). */
export function productSnapshot(p: Pick<Scrap, 'name' | 'code' | 'barcode' | 'price' | 'vatRate' | 'stock' | 'category' | 'um' | 'purchasePrice' | 'listino2' | 'listino3'>) {
  return {
    name: p.name,
    code: p.code,
    barcode: p.barcode,
    price: p.price,
    vatRate: p.vatRate ?? null,
    quantity: p.stock.qty,
    minQty: p.stock.minQty,
    track: p.stock.track,
    um: p.um,
    category: p.category ?? null,
    purchasePrice: p.purchasePrice ?? null,
    listino2: p.listino2 ?? null,
    listino3: p.listino3 ?? null,
  };
}

function applyValues(before: Scrap, v: ProductValues): Scrap {
  return {
    ...before,
    name: v.name,
    code: v.code,
    barcode: v.barcode,
    price: v.price,
    quantity: v.quantity,
    vatRate: v.vatRate,
    um: v.um,
    category: v.category,
    purchasePrice: v.purchasePrice,
    listino2: v.listino2,
    listino3: v.listino3,
    stock: { qty: v.quantity, minQty: v.minQty, track: v.track },
    changedPrice: before.changedPrice || Math.abs(before.price - v.price) > 0.001,
    updatedAt: new Date(),
  };
}

export function ProductFormModal(props: ProductFormModalProps) {
  return (
    <Modal open={props.open} title={props.product ? 'Modifica prodotto' : 'Nuovo prodotto'} onClose={props.onClose} size="wide">
      <ProductForm key={props.product?.id ?? 'new'} {...props} />
    </Modal>
  );
}

function ProductForm({ shopId, product, others, showPriceLists, categories, onClose, onSaved }: ProductFormModalProps) {
  const [values, setValues] = useState<ProductFormValues>(() => (product ? productFormOf(product) : emptyProductForm()));
  const [submitted, setSubmitted] = useState(false);
  // One id per opening: saving again after an unconfirmed save (connection lost) rewrites the same product.
  const [newId] = useState(newProductId);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checkProductForm(
    values,
    others.filter((o) => o.id !== product?.id),
  );
  const set = <K extends ProductFormField>(field: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!check.values) return;
    setSaving(true);
    setError(null);
    try {
      if (product) {
        const outcome = await updateProduct(product, check.values);
        const after = applyValues(product, check.values);
        const before = productSnapshot(product);
        const next = productSnapshot(after);
        const changes = Object.keys(next).filter((k) => JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(next[k as keyof typeof next]));
        logActivity({ action: 'product_update', module: 'warehouse', details: { scrapId: product.id, name: after.name, code: after.code, barcode: after.barcode, before, after: next, changes } });
        onSaved(after, outcome === 'queued' ? SAVED_OFFLINE : 'Prodotto aggiornato con successo!', outcome);
      } else {
        const { product: created, outcome } = await addProduct(shopId, check.values, newId);
        logActivity({ action: 'product_add', module: 'warehouse', details: { scrapId: created.id, name: created.name, code: created.code, barcode: created.barcode, price: created.price, after: productSnapshot(created) } });
        onSaved(created, outcome === 'queued' ? SAVED_OFFLINE : 'Prodotto aggiunto con successo!', outcome);
      }
    } catch (e) {
      setError(`Errore nel salvataggio: ${italianError(e)}`);
      setSaving(false);
    }
  }

  const field = (name: ProductFormField, label: string, input: { type?: string; inputMode?: 'decimal' | 'numeric' | 'text'; required?: boolean; list?: string; autoFocus?: boolean } = {}) => {
    const err = submitted ? check.errors[name] : undefined;
    const warn = check.warnings[name];
    const id = `product-${name}`;
    return (
      <label className="field" htmlFor={id}>
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
        <input
          id={id}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          list={input.list}
          value={values[name] as string}
          required={input.required}
          aria-invalid={err ? true : undefined}
          aria-describedby={err || warn ? `${id}-msg` : undefined}
          data-autofocus={input.autoFocus ? true : undefined}
          onChange={(e) => set(name, e.target.value)}
        />
        {err ? (
          <span id={`${id}-msg`} className="field-error">
            {err}
          </span>
        ) : warn ? (
          <span id={`${id}-msg`} className="field-warning">
            {warn}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="product-form">
      <div className="product-form__grid">
        {field('name', 'Nome', { required: true, autoFocus: true })}
        {field('code', 'Codice')}
        {field('barcode', 'Codice a barre', { inputMode: 'numeric' })}
        {field('price', 'Prezzo (IVA inclusa, €)', { inputMode: 'decimal', required: true })}
        <label className="field" htmlFor="product-vatRate">
          IVA %
          <input id="product-vatRate" list="product-vat-rates" inputMode="decimal" value={values.vatRate} onChange={(e) => set('vatRate', e.target.value)} aria-invalid={submitted && check.errors.vatRate ? true : undefined} />
          <datalist id="product-vat-rates">
            {VAT_RATES.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          {submitted && check.errors.vatRate ? <span className="field-error">{check.errors.vatRate}</span> : null}
        </label>
        {field('um', 'Unità di misura')}
        {field('category', 'Categoria', { list: 'product-categories' })}
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {field('purchasePrice', 'Prezzo di acquisto (€)', { inputMode: 'decimal' })}
        {showPriceLists ? field('listino2', 'Listino 2 (€)', { inputMode: 'decimal' }) : null}
        {showPriceLists ? field('listino3', 'Listino 3 (€)', { inputMode: 'decimal' }) : null}
      </div>
      <fieldset className="product-form__stock">
        <legend>Giacenza</legend>
        <label className="checkbox">
          <input type="checkbox" checked={values.track} onChange={(e) => set('track', e.target.checked)} />
          Controlla la giacenza (avviso di scorta bassa)
        </label>
        <div className="product-form__grid">
          {field('quantity', 'Quantità', { inputMode: 'decimal' })}
          {field('minQty', 'Scorta minima', { inputMode: 'decimal' })}
        </div>
      </fieldset>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {submitted && !check.values ? (
        <p className="form-error" role="alert">
          Controlla i campi evidenziati.
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose} disabled={saving}>
          Annulla
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Salvataggio…' : product ? 'Salva modifiche' : 'Aggiungi prodotto'}
        </button>
      </div>
    </form>
  );
}
