import { useMemo, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import type { Scrap } from '@/data/scrap';
import { parseNumberText } from '@/domain/numbers/parse-number';
import {
  bulkChangeProblem, previewBulkChange, PRICE_ROUNDING_LABELS, PRICE_TARGET_LABELS, type PriceChangeRow, type PriceRounding, type PriceSource, type PriceTarget,
} from '@/domain/warehouse/price-lists';
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

/**
 * A percentage change on the filtered products, with the rounding the shop chooses: preview of old and new prices,
 * then batches of 450, logged. Once written it can be undone from the same dialog: the old prices are written back
 * (and logged) for exactly the products changed.
 */
function BulkPriceForm({ products, showPriceLists, onClose, onDone }: BulkPriceModalProps) {
  const [target, setTarget] = useState<PriceTarget>('price');
  const [source, setSource] = useState<PriceSource>('same');
  const [percentText, setPercentText] = useState('');
  const [rounding, setRounding] = useState<PriceRounding>('none');
  /** The change written (what undo writes back), once confirmed. */
  const [applied, setApplied] = useState<{ rows: PriceChangeRow[]; target: PriceTarget; message: string; changeId: string } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parsedPercent = parseNumberText(percentText, { field: 'Variazione %', allowNegative: true });
  const percent = parsedPercent.ok ? parsedPercent.value : Number.NaN;
  const change = { target, source: target === 'price' ? ('same' as const) : source, percent, rounding };
  const problem = !percentText.trim() ? null : parsedPercent.ok ? bulkChangeProblem(change) : parsedPercent.error;
  const rows = useMemo(() => (problem || !percentText.trim() ? [] : previewBulkChange(products, change)), [products, target, source, percent, rounding, problem, percentText]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = progress !== null;

  async function apply() {
    if (rows.length === 0) return;
    setError(null);
    setProgress({ done: 0, total: rows.length });
    // Names this change in the log, so two equal changes are two entries and an undo says which one it undoes.
    const changeId = crypto.randomUUID();
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
          rounding,
          changeId,
          count: done.length,
          operationsTotal: done.length,
          operations: rows.map((r) => ({ action: 'price_update', field: target, code: r.code, barcode: r.barcode, name: r.name, before: r.before ?? null, after: r.after })),
        },
      });
      const confirmed = new Set(done);
      setProgress(null);
      setApplied({ rows: rows.filter((r) => confirmed.has(r.id)), target, message: `Prezzi aggiornati: ${countOf(done.length, 'prodotto', 'prodotti')}`, changeId });
    } catch (e) {
      setProgress(null);
      setError(`Errore durante l'operazione: ${italianError(e)}. I prodotti già aggiornati restano aggiornati: ricarica la lista e ripeti sugli altri.`);
    }
  }

  async function undo() {
    if (!applied) return;
    setError(null);
    setProgress({ done: 0, total: applied.rows.length });
    try {
      const done = await writeUpdates(
        applied.rows.map((r) => ({ id: r.id, patch: applied.target === 'price' ? { price: r.before ?? 0, changedPrice: true } : { [applied.target]: r.before ?? null } })),
        (d, total) => setProgress({ done: d, total }),
      );
      logActivity({
        action: 'bulk_price_update',
        module: 'warehouse',
        details: {
          target: applied.target,
          undoOf: applied.changeId,
          count: done.length,
          operationsTotal: done.length,
          operations: applied.rows.map((r) => ({ action: 'price_update', field: applied.target, code: r.code, barcode: r.barcode, name: r.name, before: r.after, after: r.before ?? null })),
        },
      });
      onDone(`Variazione annullata: ${countOf(done.length, 'prodotto', 'prodotti')} con il prezzo di prima`);
    } catch (e) {
      setProgress(null);
      setError(`Errore durante l'annullamento: ${italianError(e)}. Riprova: i prezzi già riportati restano come prima.`);
    }
  }

  if (applied) {
    return (
      <div data-testid="bulk-price">
        <p role="status" data-testid="bulk-price-done">
          {applied.message}.
        </p>
        <p className="muted">Se la variazione non era quella voluta, annullala ora: ogni prodotto torna al prezzo che aveva.</p>
        {progress ? (
          <div className="import-progress">
            <progress max={Math.max(1, progress.total)} value={progress.done} aria-label="Avanzamento annullamento" />
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
          <button type="button" className="button" onClick={() => void undo()} disabled={busy}>
            Annulla la variazione
          </button>
          <button type="button" className="button button--primary" onClick={() => onDone(applied.message)} disabled={busy} data-autofocus>
            Mantieni i nuovi prezzi
          </button>
        </div>
      </div>
    );
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
          Arrotondamento
          <select value={rounding} disabled={busy} onChange={(e) => setRounding(e.target.value as PriceRounding)}>
            {(Object.keys(PRICE_ROUNDING_LABELS) as PriceRounding[]).map((r) => (
              <option key={r} value={r}>
                {PRICE_ROUNDING_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
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
