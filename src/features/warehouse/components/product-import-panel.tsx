import { NUMBER_READING_LABELS, type NumberReading } from '@/domain/csv/numbers';
import { useId, useState } from 'react';
import { ColumnMappingGrid, CsvFilesField, CsvImportPanel, CsvPreview, ImportProgress, SkippedLinesList } from '@/components/csv-import/csv-import';
import {
  operationOf, PRODUCT_CSV_FIELDS, PRODUCT_CSV_LABELS, planCounts, productMappingProblem, productSkipsByReason, type ImportMode, type NumberReadings, type ProductImportPlan,
} from '@/domain/warehouse/product-csv';
import { formatEuro } from '@/domain/money';
import { useProductImport } from '../hooks/use-product-import';
import { countOf, formatCount } from '@/domain/numbers/format-count';

const PREVIEW_ROWS = 5;
const CHANGES_SHOWN = 20;
const PRICE_FIELDS: readonly string[] = ['code', 'barcode', 'price', 'listino2', 'listino3'];

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
      <NumberReadingsBlock readings={plan.readings} />
      {plan.skipped.length > 0 ? <SkippedLinesList groups={productSkipsByReason(plan.skipped)} /> : null}
    </>
  );
}

/** How the number columns are read, shown before anything is written ('1.234' is 1234 in an Italian file). */
function NumberReadingsBlock({ readings }: { readings: NumberReadings }) {
  const columns = Object.entries(readings) as [keyof NumberReadings, NumberReading][];
  if (columns.length === 0) return null;
  return (
    <div className="number-readings" data-testid="number-readings">
      <h4>Lettura dei numeri</h4>
      <ul>
        {columns.map(([field, reading]) => (
          <li key={field}>
            <strong>{PRODUCT_CSV_LABELS[field]}</strong>: {NUMBER_READING_LABELS[reading]}
          </li>
        ))}
      </ul>
    </div>
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
    <CsvImportPanel title={MODE_TITLES[mode]} onClose={onClose} testId="product-import">
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

      <CsvFilesField
        id={`${id}-file`}
        note="Lo stesso formato dell'esportazione."
        disabled={busy}
        reading={im.phase.step === 'reading'}
        errors={im.fileErrors}
        onChoose={(list) => void im.chooseFiles(list)}
      />

      {first ? (
        <>
          <CsvPreview files={im.files} rows={PREVIEW_ROWS} />
          <ColumnMappingGrid
            idPrefix={id}
            fields={PRODUCT_CSV_FIELDS.filter((f) => mode === 'products' || PRICE_FIELDS.includes(f))}
            labels={PRODUCT_CSV_LABELS}
            mapping={im.mapping}
            headers={im.headers}
            disabled={busy}
            problem={problem}
            onChange={im.setMapping}
          />
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
        <ImportProgress done={im.phase.done} total={im.phase.total}>
          {formatCount(im.phase.done)} di {countOf(im.phase.total, 'prodotto salvato', 'prodotti salvati')}
        </ImportProgress>
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
    </CsvImportPanel>
  );
}
