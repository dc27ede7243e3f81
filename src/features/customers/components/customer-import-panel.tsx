import { useEffect, useId } from 'react';
import { ColumnMappingGrid, CsvFilesField, CsvImportPanel, CsvPreview, ImportProgress, SkippedLinesList } from '@/components/csv-import/csv-import';
import { CUSTOMER_FIELD_LABELS, CUSTOMER_FIELDS } from '@/domain/customers/customer-fields';
import { CSV_PREVIEW_ROWS, mappingProblem, skippedByReason, skippedRowsTable, warningsByKind } from '@/domain/customers/customer-import';
import { datedFileName, downloadText } from '@/lib/download';
import { useCustomerImport } from './use-customer-import';
import { countOf, formatCount } from '@/domain/numbers/format-count';

/** 'Importa clienti da CSV' (document 2 §2.3, §5): files, preview, mapping, normalisation, import, report. */
export function CustomerImportPanel({ shopId, onClose, onRunningChange }: { shopId: string; onClose: () => void; onRunningChange?: (running: boolean) => void }) {
  const im = useCustomerImport(shopId);
  const running = im.phase.step === 'importing';
  useEffect(() => {
    onRunningChange?.(running);
    return () => onRunningChange?.(false);
  }, [running, onRunningChange]);
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
    <CsvImportPanel title="Importa clienti da CSV" onClose={onClose}>
      <CsvFilesField
        id={inputId}
        disabled={busy}
        reading={im.phase.step === 'reading'}
        errors={im.fileErrors}
        onChoose={(list) => void im.chooseFiles(list)}
      />

      {preview ? (
        <>
          <CsvPreview files={im.files} rows={CSV_PREVIEW_ROWS} />
          <ColumnMappingGrid
            idPrefix={inputId}
            fields={CUSTOMER_FIELDS}
            labels={CUSTOMER_FIELD_LABELS}
            mapping={im.mapping}
            headers={im.headers}
            disabled={busy}
            problem={problem}
            onChange={im.setMapping}
          />
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
        <ImportProgress done={im.phase.done} total={im.phase.total}>
          {im.phase.total === 0 ? 'Controllo dei clienti già presenti…' : `${formatCount(im.phase.done)} di ${countOf(im.phase.total, 'cliente salvato', 'clienti salvati')}`}
        </ImportProgress>
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
          {report.plan && report.plan.warnings.length > 0 ? (
            <>
              <p>Importati da controllare: {new Set(report.plan.warnings.map((w) => w.source)).size}</p>
              <SkippedLinesList groups={warningsByKind(report.plan.warnings)} testIdPrefix="warned" />
            </>
          ) : null}
          {report.plan && report.plan.skipped.length > 0 ? (
            <>
              <p>Righe scartate: {report.plan.skipped.length}</p>
              <SkippedLinesList groups={skippedByReason(report.plan.skipped)} />
              <button type="button" className="button" onClick={() => void downloadSkipped()}>
                Scarica le righe scartate (CSV)
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </CsvImportPanel>
  );
}
