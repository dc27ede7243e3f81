/**
 * The parts every CSV import panel shows (customers, products, price updates): the file field with its reading
 * state and per-file errors, the preview of the first file, the column-mapping grid, the progress bar and the
 * skipped lines grouped by reason. Each panel keeps its own title, options, buttons and report wording.
 */
import { useId, type ReactNode } from 'react';
import type { LoadedCsvFile } from '@/lib/read-csv-files';
import './csv-import.css';
import { countOf, formatCount } from '@/domain/numbers/format-count';

/** Lines listed per skip reason before '… e altre N'. */
export const SKIPPED_LINES_SHOWN = 30;

const NOT_MAPPED = '— non importare —';

/** The panel around an import: a region named by its title, with the close button beside the title. */
export function CsvImportPanel({ title, onClose, testId, children }: { title: string; onClose: () => void; testId?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="panel import-panel" aria-labelledby={titleId} data-testid={testId}>
      <div className="panel__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Chiudi l'importazione" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </section>
  );
}

/** What readCsvFiles detects, told under every file input. */
const DETECTED = 'Separatore ; o , e codifica (UTF-8, UTF-16 o Windows-1252) riconosciuti automaticamente; al massimo 20 MB per file.';

/** 'File CSV (uno o più)': the file input, 'Lettura dei file…' while reading, then one error line per file. */
export function CsvFilesField({ id, note, disabled, reading, errors, onChoose }: {
  id: string;
  /** A sentence after the detection hint, or none. */
  note?: string;
  disabled: boolean;
  reading: boolean;
  errors: readonly string[];
  onChoose: (files: FileList | null) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={id}>File CSV (uno o più)</label>
        <input id={id} type="file" accept=".csv,text/csv,text/plain" multiple disabled={disabled} onChange={(e) => onChoose(e.target.files)} />
        <span className="muted">{note ? `${DETECTED} ${note}` : DETECTED}</span>
      </div>
      {reading ? <p className="muted">Lettura dei file…</p> : null}
      {errors.length > 0 ? (
        <div className="form-error csv-file-errors" role="alert">
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The files read ('name: N righe' each) and the first rows of the first file, as written in it. */
export function CsvPreview({ files, rows }: { files: readonly LoadedCsvFile[]; rows: number }) {
  const first = files[0];
  if (!first) return null;
  const shown = Math.min(rows, first.rows.length);
  return (
    <>
      <p className="muted" data-testid="import-files">
        {files.map((f) => `${f.name}: ${countOf(f.rows.length, 'riga', 'righe')}`).join(' · ')}
      </p>
      <h3>
        Anteprima ({shown === 1 ? 'prima riga' : `prime ${String(shown)} righe`} di {first.name})
      </h3>
      <div className="table-scroll">
        <table className="data-table data-table--compact" data-testid="import-preview">
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
            {first.rows.slice(0, rows).map((r) => (
              <tr key={r.line}>
                {first.headers.map((h) => (
                  <td key={h}>{r.row[h]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 'Associazione colonne': one select per field (labelled by the field), the file's headers as options. */
export function ColumnMappingGrid<F extends string>({ idPrefix, fields, labels, mapping, headers, disabled, problem, onChange }: {
  idPrefix: string;
  fields: readonly F[];
  labels: Readonly<Record<F, string>>;
  mapping: Readonly<Record<F, string>>;
  headers: readonly string[];
  disabled: boolean;
  /** Why the mapping cannot import yet (shown under the grid), or null. */
  problem: string | null;
  onChange: (mapping: Record<F, string>) => void;
}) {
  return (
    <>
      <h3>Associazione colonne</h3>
      <div className="mapping-grid">
        {fields.map((field) => (
          <div key={field} className="field">
            <label htmlFor={`${idPrefix}-map-${field}`}>{labels[field]}</label>
            <select id={`${idPrefix}-map-${field}`} value={mapping[field]} disabled={disabled} onChange={(e) => onChange({ ...mapping, [field]: e.target.value })}>
              <option value="">{NOT_MAPPED}</option>
              {headers.map((h) => (
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
  );
}

/** The progress bar of the writes, with its status text. */
export function ImportProgress({ done, total, children }: { done: number; total: number; children: ReactNode }) {
  return (
    <div className="import-progress">
      <progress max={Math.max(1, total)} value={done} aria-label="Avanzamento importazione" />
      <span role="status">{children}</span>
    </div>
  );
}

/** ' … e altre 2', ' … e un'altra', '' when none is left out. */
const moreText = (more: number) => (more <= 0 ? '' : more === 1 ? ' … e un’altra' : ` … e altre ${formatCount(more)}`);

/** The skipped rows by reason: 'reason: N (righe file: line, …)', at most SKIPPED_LINES_SHOWN lines each. */
export function SkippedLinesList({ groups, testIdPrefix = 'skipped' }: { groups: readonly { reason: string; label: string; lines: readonly string[] }[]; testIdPrefix?: string }) {
  return (
    <ul className="skip-list">
      {groups.map((group) => (
        <li key={group.reason} data-testid={`${testIdPrefix}-${group.reason}`}>
          <strong>
            {group.label}: {group.lines.length}
          </strong>
          <span className="muted">
            {' '}
            ({group.lines.length === 1 ? 'riga' : 'righe'} {group.lines.slice(0, SKIPPED_LINES_SHOWN).join(', ')}
            {moreText(group.lines.length - SKIPPED_LINES_SHOWN)})
          </span>
        </li>
      ))}
    </ul>
  );
}
