import { useId } from 'react';
import { CUSTOMER_FIELD_LABELS, CUSTOMER_FIELDS } from '@/domain/customers/customer-fields';
import { CSV_PREVIEW_ROWS, mappingProblem, skippedByReason, skippedRowsTable } from '@/domain/customers/customer-import';
import { datedFileName, downloadText } from '@/lib/download';
import { useCustomerImport } from './use-customer-import';

/** Lines listed per skip reason before '… e altre N'. */
const LINES_SHOWN = 30;

/** 'Importa clienti da CSV' (document 2 §2.3, §5): files, preview, mapping, normalisation, import, report. */
export function CustomerImportPanel({ shopId, onClose }: { shopId: string; onClose: () => void }) {
  const im = useCustomerImport(shopId);
  const inputId = useId();
  const normalizeId = useId();
  const problem = im.files.length > 0 ? mappingProblem(im.mapping) : null;
  const preview = im.files[0];
  const busy = im.phase.step === 'importing' || im.phase.step === 'reading';
  const report = im.phase.step === 'finished' || im.phase.step === 'failed' ? im.phase : null;

  async function downloadSkipped() {
    if (!report?.plan) return;
    const { toCsv } = await import('@/domain/csv/csv');
    const table = skippedRowsTable(report.plan.skipped);
    downloadText(datedFileName('clienti-scartati'), toCsv(table.headers, table.rows));
  }

  return (
    <section className="panel import-panel" aria-labelledby={`${inputId}-title`}>
      <div className="panel__header">
        <h2 id={`${inputId}-title`}>Importa clienti da CSV</h2>
        <button type="button" className="icon-button" aria-label="Chiudi l'importazione" onClick={onClose}>
          ×
        </button>
      </div>

      <div className="field">
        <label htmlFor={inputId}>File CSV (uno o più)</label>
        <input id={inputId} type="file" accept=".csv,text/csv,text/plain" multiple disabled={busy} onChange={(e) => void im.chooseFiles(e.target.files)} />
        <span className="muted">Separatore ; o , e codifica (UTF-8 o Windows-1252) riconosciuti automaticamente.</span>
      </div>
      {im.phase.step === 'reading' ? <p className="muted">Lettura dei file…</p> : null}
      {im.fileErrors.length > 0 ? (
        <ul className="form-error" role="alert">
          {im.fileErrors.map((e) => <li key={e}>{e}</li>)}
        </ul>
      ) : null}

      {preview ? (
        <>
          <p className="muted" data-testid="import-files">
            {im.files.map((f) => `${f.name}: ${f.rows.length} righe`).join(' · ')}
          </p>
          <h3>Anteprima (prime {CSV_PREVIEW_ROWS} righe di {preview.name})</h3>
          <div className="table-scroll">
            <table className="data-table data-table--compact" data-testid="import-preview">
              <thead>
                <tr>
                  {preview.headers.map((h) => <th key={h} scope="col">{h}</th>)}
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice(0, CSV_PREVIEW_ROWS).map((r) => (
                  <tr key={r.line}>
                    {preview.headers.map((h) => <td key={h}>{r.row[h]}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h3>Associazione colonne</h3>
          <div className="mapping-grid">
            {CUSTOMER_FIELDS.map((field) => (
              <div key={field} className="field">
                <label htmlFor={`${inputId}-map-${field}`}>{CUSTOMER_FIELD_LABELS[field]}</label>
                <select id={`${inputId}-map-${field}`} value={im.mapping[field]} disabled={busy} onChange={(e) => im.setMapping({ ...im.mapping, [field]: e.target.value })}>
                  <option value="">— non importare —</option>
                  {im.headers.map((h) => <option key={h} value={h}>{h}</option>)}
                </select>
              </div>
            ))}
          </div>
          {problem ? <p className="field-warning" role="status">{problem}</p> : null}
          <label className="checkbox" htmlFor={normalizeId}>
            <input id={normalizeId} type="checkbox" checked={im.normalize} disabled={busy} onChange={(e) => im.setNormalize(e.target.checked)} />
            Normalizza i dati: estrai codice fiscale (16 caratteri) e P.IVA (11 cifre), separa &quot;Città (PR)&quot;, nazione IT se assente
          </label>
        </>
      ) : null}

      {im.message ? <p className="form-error" role="alert">{im.message}</p> : null}
      <div className="panel__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void im.runImport()}>
          {im.phase.step === 'importing' ? 'Importazione in corso…' : 'Importa'}
        </button>
        {report ? (
          <button type="button" className="button" onClick={im.reset}>
            Nuova importazione
          </button>
        ) : null}
      </div>

      {im.phase.step === 'importing' ? (
        <div className="import-progress">
          <progress max={Math.max(1, im.phase.total)} value={im.phase.done} aria-label="Avanzamento importazione" />
          <span role="status">{im.phase.total === 0 ? 'Controllo dei clienti già presenti…' : `${im.phase.done} di ${im.phase.total} clienti salvati`}</span>
        </div>
      ) : null}

      {report ? (
        <div className="import-report" data-testid="import-report">
          {report.step === 'failed' ? (
            <p className="form-error" role="alert">
              {report.message} Clienti salvati prima dell&apos;errore: {report.written}. Puoi ripetere l&apos;importazione con gli stessi file: i
              clienti già salvati verranno saltati, senza duplicati.
            </p>
          ) : (
            <p className="success-text" role="status">Import completato! Clienti importati: {report.written}</p>
          )}
          {report.plan && report.plan.skipped.length > 0 ? (
            <>
              <p>Righe scartate: {report.plan.skipped.length}</p>
              <ul className="skip-list">
                {skippedByReason(report.plan.skipped).map((group) => (
                  <li key={group.reason} data-testid={`skipped-${group.reason}`}>
                    <strong>{group.label}: {group.lines.length}</strong>
                    <span className="muted">
                      {' '}(righe {group.lines.slice(0, LINES_SHOWN).join(', ')}
                      {group.lines.length > LINES_SHOWN ? ` … e altre ${group.lines.length - LINES_SHOWN}` : ''})
                    </span>
                  </li>
                ))}
              </ul>
              <button type="button" className="button" onClick={() => void downloadSkipped()}>
                Scarica le righe scartate (CSV)
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
