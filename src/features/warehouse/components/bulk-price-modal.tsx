import { useMemo, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Scrap } from '@/data/scrap';
import { parseNumberText } from '@/domain/numbers/parse-number';
import { bulkChangeProblem, previewBulkChange, PRICE_TARGET_LABELS, type PriceSource, type PriceTarget } from '@/domain/warehouse/price-lists';
import { formatEuro } from '@/domain/money';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { writeUpdates } from '../api';
import { countOf } from '@/domain/numbers/format-count';

const PREVIEW_SHOWN = 100;

interface BulkPriceModalProps {
  open: boolean;
  /** The filtered selection: exactly these products are changed. */
  products: readonly Scrap[];
  showPriceLists: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function BulkPriceModal(props: BulkPriceModalProps) {
  return (
    <Modal open={props.open} title="Variazione prezzi" onClose={props.onClose} size="wide">
      <BulkPriceForm {...props} />
    </Modal>
  );
}

/** A percentage change on the filtered products: preview of old and new prices, then batches of 450, logged. */
function BulkPriceForm({ products, showPriceLists, onClose, onDone }: BulkPriceModalProps) {
  const [target, setTarget] = useState<PriceTarget>('price');
  const [source, setSource] = useState<PriceSource>('same');
  const [percentText, setPercentText] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parsedPercent = parseNumberText(percentText, { field: 'Variazione %', allowNegative: true });
  const percent = parsedPercent.ok ? parsedPercent.value : Number.NaN;
  const change = { target, source: target === 'price' ? ('same' as const) : source, percent };
  const problem = !percentText.trim() ? null : parsedPercent.ok ? bulkChangeProblem(change) : parsedPercent.error;
  const rows = useMemo(() => (problem || !percentText.trim() ? [] : previewBulkChange(products, change)), [products, target, source, percent, problem, percentText]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = progress !== null;

  async function apply() {
    if (rows.length === 0) return;
    setError(null);
    setProgress({ done: 0, total: rows.length });
    try {
      const done = await writeUpdates(
        rows.map((r) => ({ id: r.id, patch: target === 'price' ? { price: r.after, changedPrice: true } : { [target]: r.after } })),
        (d, total) => setProgress({ done: d, total }),
      );
      logActivity({
        action: 'bulk_price_update',
        module: 'warehouse',
        details: {
          target,
          source: change.source,
          percent,
          count: done.length,
          operationsTotal: done.length,
          operations: rows.map((r) => ({ action: 'price_update', field: target, code: r.code, barcode: r.barcode, name: r.name, before: r.before ?? null, after: r.after })),
        },
      });
      onDone(`Prezzi aggiornati: ${countOf(done.length, 'prodotto', 'prodotti')}`);
    } catch (e) {
      setProgress(null);
      setError(`Errore durante l'operazione: ${italianError(e)}. I prodotti già aggiornati restano aggiornati: ricarica la lista e ripeti sugli altri.`);
    }
  }

  return (
    <div data-testid="bulk-price">
      <p>
        La variazione si applica ai <strong>{products.length.toLocaleString('it-IT')}</strong> prodotti selezionati dai filtri attuali.
      </p>
      <div className="product-form__grid">
        <label className="field">
          Prezzo da cambiare
          <select value={target} disabled={busy} onChange={(e) => setTarget(e.target.value as PriceTarget)}>
            <option value="price">{PRICE_TARGET_LABELS.price}</option>
            {showPriceLists ? (
              <>
                <option value="listino2">{PRICE_TARGET_LABELS.listino2}</option>
                <option value="listino3">{PRICE_TARGET_LABELS.listino3}</option>
              </>
            ) : null}
          </select>
        </label>
        {target !== 'price' ? (
          <label className="field">
            Calcola da
            <select value={source} disabled={busy} onChange={(e) => setSource(e.target.value as PriceSource)}>
              <option value="same">{PRICE_TARGET_LABELS[target]} attuale</option>
              <option value="price">Prezzo di vendita</option>
            </select>
          </label>
        ) : null}
        <label className="field">
          Variazione %
          <input inputMode="decimal" placeholder="es. 10 oppure -5" value={percentText} disabled={busy} onChange={(e) => setPercentText(e.target.value)} data-autofocus />
        </label>
      </div>
      {problem ? <p className="field-error">{problem}</p> : null}
      {rows.length > 0 ? (
        <>
          <p role="status" data-testid="bulk-price-count">
            Anteprima: {rows.length} prezzi cambiano.
          </p>
          <div className="table-scroll bulk-price__preview">
            <table className="data-table data-table--compact" data-testid="bulk-price-preview">
              <thead>
                <tr>
                  <th scope="col">Prodotto</th>
                  <th scope="col">Codice</th>
                  <th scope="col" className="num">
                    Prima
                  </th>
                  <th scope="col" className="num">
                    Dopo
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, PREVIEW_SHOWN).map((r) => (
                  <tr key={r.id}>
                    <td>{r.name}</td>
                    <td>{r.code}</td>
                    <td className="num">{r.before === undefined ? '—' : formatEuro(r.before)}</td>
                    <td className="num">{formatEuro(r.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.length > PREVIEW_SHOWN ? <p className="muted">… e altri {rows.length - PREVIEW_SHOWN}.</p> : null}
          </div>
        </>
      ) : percentText.trim() && !problem ? (
        <p className="muted">Nessun prezzo cambia con questa variazione.</p>
      ) : null}
      {progress ? (
        <div className="import-progress">
          <progress max={Math.max(1, progress.total)} value={progress.done} aria-label="Avanzamento variazione prezzi" />
          <span role="status">
            {progress.done} di {progress.total}
          </span>
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Annulla
        </button>
        <button type="button" className="button button--primary" onClick={() => void apply()} disabled={busy || rows.length === 0}>
          Applica a {countOf(rows.length, 'prodotto', 'prodotti')}
        </button>
      </div>
    </div>
  );
}
