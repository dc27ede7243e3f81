import { useId, useState } from 'react';
import {
  operationOf, PRODUCT_CSV_FIELDS, PRODUCT_CSV_LABELS, planCounts, productMappingProblem, productSkipsByReason, type ImportMode, type ProductImportPlan,
} from '@/domain/warehouse/product-csv';
import { formatEuro } from '@/lib/format';
import { useProductImport } from '../hooks/use-product-import';

const PREVIEW_ROWS = 5;
const CHANGES_SHOWN = 20;
const LINES_SHOWN = 30;

const MODE_TITLES: Record<ImportMode, string> = {
  products: 'Importa prodotti da CSV',
  prices: 'Aggiorna prezzi da CSV',
};

function PlanSummary({ plan }: { plan: ProductImportPlan }) {
  const c = planCounts(plan);
  const changes = plan.writes.slice(0, CHANGES_SHOWN).map((w) => ({ w, op: operationOf(w, plan.mode) }));
  const money = (n: number | null) => (n === null ? '—' : formatEuro(n));
  return (
    <>
      <ul className="counts" data-testid="import-counts">
        <li>
          Righe: <strong>{c.rows}</strong>
        </li>
        {plan.mode === 'products' ? (
          <li>
            Da creare: <strong data-testid="count-create">{c.create}</strong>
          </li>
        ) : null}
        <li>
          Da aggiornare: <strong data-testid="count-update">{c.update}</strong>
        </li>
        <li>
          Prezzi che cambiano: <strong data-testid="count-prices">{c.priceChanges}</strong>
        </li>
        <li>
          Invariati: <strong data-testid="count-unchanged">{c.unchanged}</strong>
        </li>
        <li>
          Scartate: <strong data-testid="count-skipped">{c.skipped}</strong>
        </li>
      </ul>
      {changes.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table data-table--compact" data-testid="import-changes">
            <caption className="visually-hidden">Modifiche previste</caption>
            <thead>
              <tr>
                <th scope="col">Operazione</th>
                <th scope="col">Nome</th>
                <th scope="col">Codice</th>
                <th scope="col">Codice a barre</th>
                <th scope="col">Prezzo prima</th>
                <th scope="col">Prezzo dopo</th>
              </tr>
            </thead>
            <tbody>
              {changes.map(({ w, op }) => (
                <tr key={`${w.id}-${w.source.line}`}>
                  <td>{w.kind === 'create' ? 'Nuovo' : op.action === 'price_update' ? 'Prezzo' : 'Modifica'}</td>
                  <td>{op.name}</td>
                  <td>{op.code}</td>
                  <td>{op.barcode}</td>
                  <td>{money(op.before)}</td>
                  <td>{money(op.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {plan.writes.length > CHANGES_SHOWN ? <p className="muted">… e altre {plan.writes.length - CHANGES_SHOWN} modifiche.</p> : null}
        </div>
      ) : null}
      {plan.skipped.length > 0 ? (
        <ul className="skip-list">
          {productSkipsByReason(plan.skipped).map((group) => (
            <li key={group.reason} data-testid={`skipped-${group.reason}`}>
              <strong>
                {group.label}: {group.lines.length}
              </strong>
              <span className="muted">
                {' '}
                (righe {group.lines.slice(0, LINES_SHOWN).join(', ')}
                {group.lines.length > LINES_SHOWN ? ` … e altre ${group.lines.length - LINES_SHOWN}` : ''})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** CSV import of products or of price updates (pack 'xml prodotti'): files, preview, mapping, dry run, import, report. */
export function ProductImportPanel({ shopId, onClose, onImported }: { shopId: string; onClose: () => void; onImported: (message: string) => void }) {
  const [mode, setMode] = useState<ImportMode>('products');
  const im = useProductImport(shopId, mode);
  const id = useId();
  const problem = im.files.length > 0 ? productMappingProblem(im.mapping, mode) : null;
  const first = im.files[0];
  const busy = im.phase.step === 'importing' || im.phase.step === 'reading' || im.phase.step === 'planning';
  const plan = 'plan' in im.phase ? im.phase.plan : undefined;

  async function importNow() {
    const written = await im.runImport();
    if (written > 0) onImported(mode === 'prices' ? `Prezzi aggiornati: ${written}` : `Import completato! Prodotti importati o aggiornati: ${written}`);
  }

  return (
    <section className="panel import-panel" aria-labelledby={`${id}-title`} data-testid="product-import">
      <div className="panel__header">
        <h2 id={`${id}-title`}>{MODE_TITLES[mode]}</h2>
        <button type="button" className="icon-button" aria-label="Chiudi l'importazione" onClick={onClose}>
          ×
        </button>
      </div>
      <fieldset className="mode-choice" disabled={busy}>
        <legend>Tipo di importazione</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'products'} onChange={() => { setMode('products'); im.reset(); }} />
          Prodotti: crea i nuovi e aggiorna quelli esistenti (per codice a barre, poi codice)
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'prices'} onChange={() => { setMode('prices'); im.reset(); }} />
          Solo prezzi: aggiorna prezzo e listini dei prodotti esistenti
        </label>
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-file`}>File CSV (uno o più)</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" multiple disabled={busy} onChange={(e) => void im.chooseFiles(e.target.files)} />
        <span className="muted">Separatore ; o , e codifica (UTF-8 o Windows-1252) riconosciuti automaticamente. Lo stesso formato dell&apos;esportazione.</span>
      </div>
      {im.phase.step === 'reading' ? <p className="muted">Lettura dei file…</p> : null}
      {im.fileErrors.length > 0 ? (
        <ul className="form-error" role="alert">
          {im.fileErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}

      {first ? (
        <>
          <p className="muted" data-testid="import-files">
            {im.files.map((f) => `${f.name}: ${f.rows.length} righe`).join(' · ')}
          </p>
          <h3>
            Anteprima (prime {PREVIEW_ROWS} righe di {first.name})
          </h3>
          <div className="table-scroll">
            <table className="data-table data-table--compact">
              <thead>
                <tr>
                  {first.headers.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {first.rows.slice(0, PREVIEW_ROWS).map((r) => (
                  <tr key={r.line}>
                    {first.headers.map((h) => (
                      <td key={h}>{r.row[h]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>Associazione colonne</h3>
          <div className="mapping-grid">
            {PRODUCT_CSV_FIELDS.filter((f) => mode === 'products' || ['code', 'barcode', 'price', 'listino2', 'listino3'].includes(f)).map((field) => (
              <div key={field} className="field">
                <label htmlFor={`${id}-map-${field}`}>{PRODUCT_CSV_LABELS[field]}</label>
                <select id={`${id}-map-${field}`} value={im.mapping[field]} disabled={busy} onChange={(e) => im.setMapping({ ...im.mapping, [field]: e.target.value })}>
                  <option value="">— non importare —</option>
                  {im.headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {problem ? (
            <p className="field-warning" role="status">
              {problem}
            </p>
          ) : null}
        </>
      ) : null}

      {im.message ? (
        <p className="form-error" role="alert">
          {im.message}
        </p>
      ) : null}
      <div className="panel__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void im.preview()}>
          {im.phase.step === 'planning' ? 'Controllo in corso…' : 'Anteprima (nessuna modifica)'}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void importNow()}>
          {im.phase.step === 'importing' ? 'Importazione in corso…' : 'Importa'}
        </button>
        {im.phase.step === 'finished' || im.phase.step === 'failed' ? (
          <button type="button" className="button" onClick={im.reset}>
            Nuova importazione
          </button>
        ) : null}
      </div>

      {im.phase.step === 'importing' ? (
        <div className="import-progress">
          <progress max={Math.max(1, im.phase.total)} value={im.phase.done} aria-label="Avanzamento importazione" />
          <span role="status">
            {im.phase.done} di {im.phase.total} prodotti salvati
          </span>
        </div>
      ) : null}
      {im.phase.step === 'finished' ? (
        <p className="success-text" role="status" data-testid="import-result">
          Import completato! Prodotti salvati: {im.phase.written}
          {im.phase.written === 0 ? ' (nessuna modifica: i prodotti erano già aggiornati)' : ''}
        </p>
      ) : null}
      {im.phase.step === 'failed' ? (
        <p className="form-error" role="alert" data-testid="import-result">
          {im.phase.message} Prodotti salvati prima dell&apos;errore: {im.phase.written}. Puoi ripetere l&apos;importazione con gli stessi file: le righe già salvate
          risulteranno invariate, senza duplicati.
        </p>
      ) : null}
      {plan ? (
        <div data-testid="import-plan">
          <h3>{im.phase.step === 'preview' ? 'Anteprima: cosa cambierà' : 'Riepilogo'}</h3>
          <PlanSummary plan={plan} />
        </div>
      ) : null}
    </section>
  );
}
