import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { StatCards } from '@/components/ui/stat-cards';
import { formatEuroCents, toCents } from '@/domain/money';
import { countOf, formatCount } from '@/domain/numbers/format-count';
import { parseNumberText } from '@/domain/numbers/parse-number';
import { choosablePeriod, FIRST_YEAR, packageFileName, parsePeriod, periodLabel, periodTag, previousMonth, quarterToMonth, type PackagePeriod } from '@/domain/month-package/period';
import type { FolderCount, PackagePlan, PackageProblem, PackageProgress, PackageSources } from '@/domain/month-package/build';
import type { PackDenial } from '@/domain/permissions/pack-access';
import { downloadState, type MonthFingerprint } from '@/domain/month-package/fingerprint';
import type { PackageDownload } from '@/data/month-fingerprint';
import { formatDateTime } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { useLatestAnswer } from '@/lib/use-latest-answer';
import { logActivity } from '@/stores/activity-log';
import { useFeature } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { SdiDuePanel } from '@/components/sdi-due/sdi-due-panel';
import { loadPackageMarks, loadPackageSales, loadPreviewDocuments, packageSources, type PreviewDocuments } from './api';
import './month-package.css';

const FOLDER_LABEL: Record<string, string> = {
  'fatture-emesse': 'fatture-emesse/',
  'fatture-emesse/scartate': 'fatture-emesse/scartate/ (scartate dallo SDI)',
  'fatture-ricevute': 'fatture-ricevute/',
  'ricevute-sdi': 'ricevute-sdi/ (ricevute dello SDI)',
  ddt: 'ddt/',
  corrispettivi: 'corrispettivi/',
  'vendite.csv': 'vendite.csv',
  'riepilogo-iva': 'riepilogo-iva.csv e .pdf',
  'indice.csv': 'indice.csv',
};

/**
 * What the preview shows of its plan: the plan itself (its files' producers hold every invoice's reading) is let go,
 * the build plans again (the month is not held twice).
 */
interface Preview {
  docs: PreviewDocuments;
  plan: Pick<PackagePlan, 'invoiceTotals' | 'problems'> & { fileCount: number; firstFolder: string };
  folders: FolderCount[];
  sources: PackageSources;
  /** The month counted before its documents were read (a change made meanwhile shows as a change since the download). */
  fingerprint?: MonthFingerprint;
  /** This person's last download of the period's package. */
  lastDownload?: PackageDownload;
}

type Build =
  | { status: 'idle' }
  /** phase: what runs beside the files (the sales' reading), '' when nothing does. */
  | { status: 'building'; progress: PackageProgress; phase: string }
  | { status: 'done'; url: string; fileName: string; problems: PackageProblem[]; bytes: number }
  | { status: 'error'; message: string }
  | { status: 'cancelled' };

const QUARTERS = [1, 2, 3, 4];

/** Why the invoice folders are not in the package, said of the shop (the pack is the shop's, whoever downloads). */
const EXCLUDED_BECAUSE: Record<PackDenial, string> = {
  'no-pack': 'il negozio non ha il pacchetto Fatturazione.',
  'no-subscription': 'il negozio non ha un abbonamento attivo.',
  blocked: "l'abbonamento del negozio è scaduto: va rinnovato per riattivare i pacchetti.",
};

/** '840 KB', '12,9 MB': a small package does not read '0 MB'. */
function zipSize(bytes: number): string {
  const kb = bytes / 1024;
  return kb < 1024 ? `${Math.max(1, Math.round(kb)).toLocaleString('it-IT')} KB` : `${(kb / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;
}
const IDLE: Build = { status: 'idle' };
const documents = (n: number) => countOf(n, 'documento', 'documenti');

/** 'Pacchetto del mese': the period's documents for the accountant in one ZIP. */
export default function MonthPackagePage() {
  const shopId = useSession((s) => s.activeShopId);
  const level = useSession((s) => s.profile?.level);
  const uid = useSession((s) => s.uid);
  const now = useMemo(() => new Date(), []);
  const [searchParams] = useSearchParams();
  // The desk opens a shop's package on the month it shows ('?periodo=2026-11').
  const [period, setPeriod] = useState<PackagePeriod>(() => {
    const asked = parsePeriod(searchParams.get('periodo') ?? '');
    return asked && choosablePeriod(asked, now) ? asked : previousMonth(now);
  });
  // A download made here: the note below follows it without reading the log again.
  const [downloadedHere, setDownloadedHere] = useState<{ key: string | undefined; download: PackageDownload } | undefined>(undefined);
  // What the month or year field holds while it is not a period to show: a year typed digit by digit is '0002-06',
  // then '0020-06'… (or '' in between). The field keeps it, the period does not change until the entry is whole;
  // leaving the field shows the period in use again.
  const [typing, setTyping] = useState<{ month?: string; year?: string }>({});
  const choose = (p: PackagePeriod) => {
    setPeriod(p);
    setTyping({});
  };
  // The build belongs to the period and shop it was started for: another choice shows none.
  const [built, setBuilt] = useState<{ key: string | undefined; build: Build }>({ key: undefined, build: IDLE });
  const controller = useRef<AbortController | undefined>(undefined);
  const progressRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  // The invoice folders follow the Fatturazione pack: the one decision of /invoices, the rules and the server
  // (paid-features.ts → pack-access.ts, expiry and grace included).
  const invoicing = useFeature('accountantInvoices');
  const withInvoices = invoicing.kind === 'allow';
  // The accountant reads it about the shop they follow, not about their own account.
  const invoicesExcluded = invoicing.kind === 'deny' ? EXCLUDED_BECAUSE[invoicing.reason] : undefined;

  const key = shopId && invoicing.kind !== 'wait' ? `${shopId}|${periodTag(period)}|${withInvoices}` : undefined;
  const preview = useLatestAnswer<Preview | undefined>(
    key,
    async () => {
      const { fingerprint, lastDownload } = await loadPackageMarks(shopId ?? '', uid, period);
      const docs = await loadPreviewDocuments(shopId ?? '', period, withInvoices);
      const [{ planPackage, folderCounts }] = await Promise.all([import('@/domain/month-package/build')]);
      const sources = await packageSources(period, docs, invoicesExcluded);
      const plan = planPackage(sources);
      const summary = { invoiceTotals: plan.invoiceTotals, problems: plan.problems, fileCount: plan.files.length, firstFolder: plan.files[0]?.folder ?? '' };
      return { docs, plan: summary, folders: folderCounts(plan), sources, ...(fingerprint ? { fingerprint } : {}), ...(lastDownload ? { lastDownload } : {}) };
    },
    undefined,
    (e) => `Errore nella lettura dei documenti del periodo: ${italianError(e)}.`,
  );

  const build = built.key === key ? built.build : IDLE;
  // A new period or shop stops the package being built; the download's memory is released below.
  useEffect(() => () => controller.current?.abort(), [key]);
  useEffect(() => () => {
    if (build.status === 'done') URL.revokeObjectURL(build.url);
  }, [build]);
  // A layout effect, in the same commit that removes the focused button or progress region: until the focus moves
  // it is on <body>, and with a passive effect the browser drew frames that way (month-package-keyboard.spec.ts).
  useLayoutEffect(() => {
    if (build.status === 'building') progressRef.current?.focus();
    if (build.status === 'done' || build.status === 'error' || build.status === 'cancelled') resultRef.current?.focus();
  }, [build.status]);

  const ready = preview.value;
  const fileName = ready ? packageFileName(ready.docs.shop?.partitaIva ?? '', period) : '';

  const start = async () => {
    if (!ready || !shopId) return;
    const startedFor = key;
    const setBuild = (next: Build) => setBuilt({ key: startedFor, build: next });
    const abort = new AbortController();
    controller.current = abort;
    const total = ready.plan.fileCount;
    let salesRead = 0;
    let filesProgress = { done: 0, total, folder: ready.plan.firstFolder };
    let salesDone = false;
    // The sales are read while the invoices' and DDTs' PDFs are drawn: the two phases overlap.
    // The sales' reading may report after the build ended (cancelled, failed) or after a newer build started: such a
    // late report must not bring the progress bar back.
    let finished = false;
    const settle = (next: Build) => {
      finished = true;
      setBuild(next);
    };
    const report = () => {
      if (finished || abort.signal.aborted || controller.current !== abort) return;
      setBuild({ status: 'building', progress: filesProgress, phase: salesDone ? '' : salesRead === 0 ? 'lettura delle vendite in corso…' : `vendite lette: ${formatCount(salesRead)}` });
    };
    report();
    try {
      const { planDocuments, planSalesPart, writePackage, PackageCancelled } = await import('@/domain/month-package/build');
      const sales = loadPackageSales(shopId, period, ready.docs.cutoff, {
        signal: abort.signal,
        onPage: (read) => {
          salesRead = read;
          report();
        },
      });
      const documents = planDocuments(ready.sources);
      const rest = sales.then((list) => {
        salesDone = true;
        return planSalesPart(documents, { ...ready.sources, sales: list.sales, receiptInvoices: list.receiptInvoices }).added;
      });
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      try {
        const result = await writePackage(documents, {
          onChunk: (chunk) => chunks.push(chunk as Uint8Array<ArrayBuffer>),
          onProgress: (progress) => {
            filesProgress = progress;
            report();
          },
          signal: abort.signal,
          rest,
          expectedTotal: total,
        });
        const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
        settle({ status: 'done', url, fileName, problems: result.problems, bytes: result.bytes });
      } catch (error) {
        if (error instanceof PackageCancelled) settle({ status: 'cancelled' });
        else throw error;
      }
    } catch (error) {
      if (abort.signal.aborted) settle({ status: 'cancelled' });
      else settle({ status: 'error', message: `Preparazione non riuscita: ${italianError(error)}.` });
    }
  };

  const downloaded = () => {
    if (build.status !== 'done' || !ready) return;
    logActivity({
      action: 'month_package_downloaded',
      module: 'export',
      details: {
        period: periodTag(period),
        fileName: build.fileName,
        bytes: build.bytes,
        outgoing: ready.plan.invoiceTotals.emesse.documents,
        incoming: ready.plan.invoiceTotals.ricevute.documents,
        ddts: ready.docs.ddts.length,
        problems: build.problems.length,
        invoicesIncluded: withInvoices,
        ...(ready.fingerprint ? { fingerprint: ready.fingerprint } : {}),
      },
    });
    setDownloadedHere({ key, download: { at: new Date(), fileName: build.fileName, ...(ready.fingerprint ? { fingerprint: ready.fingerprint } : {}) } });
  };

  const onKind = (kind: string) => {
    if (kind === 'quarter' && period.kind === 'month') choose({ kind: 'quarter', year: period.year, quarter: Math.ceil(period.month / 3) });
    if (kind === 'month' && period.kind === 'quarter') choose(quarterToMonth(period, now));
  };
  const building = build.status === 'building';
  const totals = ready?.plan.invoiceTotals;
  const closingsCents = ready ? ready.docs.closings.reduce((sum, c) => sum + (toCents(c.total ?? 0) ?? 0), 0) : 0;
  const cards = totals
    ? [
        { id: 'mp-out', label: 'Fatture emesse (IVA inclusa)', value: withInvoices ? formatEuroCents(totals.emesse.totalCents) : '—', note: withInvoices ? `${documents(totals.emesse.documents)}, di cui IVA ${formatEuroCents(totals.emesse.taxCents)}` : 'Non incluse' },
        { id: 'mp-in', label: 'Fatture ricevute (IVA inclusa)', value: withInvoices ? formatEuroCents(totals.ricevute.totalCents) : '—', note: withInvoices ? `${documents(totals.ricevute.documents)}, di cui IVA ${formatEuroCents(totals.ricevute.taxCents)}` : 'Non incluse' },
        { id: 'mp-ddt', label: 'DDT', value: formatCount(ready.docs.ddts.length), note: 'Confermati nel periodo' },
        {
          id: 'mp-sales', label: 'Vendite', value: formatCount(ready.docs.salesCount),
          note: ready.docs.closings.length === 0 ? 'Nessuna chiusura di cassa' : `${countOf(ready.docs.closings.length, 'chiusura di cassa', 'chiusure di cassa')} per ${formatEuroCents(closingsCents)}`,
        },
      ]
    : [];
  const empty = ready !== undefined && !preview.loading && ready.docs.salesCount === 0 && ready.docs.closings.length === 0 && ready.docs.ddts.length === 0 && (totals?.emesse.documents ?? 0) === 0 && (totals?.ricevute.documents ?? 0) === 0 && ready.plan.problems.length === 0;
  const problems = build.status === 'done' ? build.problems : (ready?.plan.problems ?? []);
  const lastDownload = downloadedHere && downloadedHere.key === key ? downloadedHere.download : ready?.lastDownload;
  const sinceDownload = ready?.fingerprint && !preview.loading ? downloadState(ready.fingerprint, lastDownload) : undefined;

  return (
    <section className="page month-package">
      <h1>Pacchetto del mese</h1>
      <p className="muted">
        {invoicesExcluded
          ? 'I documenti del periodo per il commercialista in un unico file ZIP: DDT, chiusure di cassa, vendite e riepilogo IVA indicativo dei corrispettivi.'
          : 'I documenti del periodo per il commercialista in un unico file ZIP: fatture emesse e ricevute (XML e PDF) con le ricevute dello SDI, DDT, chiusure di cassa, vendite e riepilogo IVA indicativo.'}
      </p>
      {/* The accountant's desk: the shop's due items at the SDI, the same figures its owner sees on the dashboard. */}
      {level === 'accountant' && shopId && !invoicesExcluded ? <SdiDuePanel shopId={shopId} links={false} /> : null}
      <div className="filters" role="group" aria-label="Periodo del pacchetto">
        <label>
          Periodo
          <select value={period.kind} onChange={(e) => onKind(e.target.value)} disabled={building}>
            <option value="month">Mese</option>
            <option value="quarter">Trimestre</option>
          </select>
        </label>
        {period.kind === 'month' ? (
          <label>
            Mese
            <input
              type="month"
              value={typing.month ?? periodTag(period)}
              min={periodTag({ kind: 'month', year: FIRST_YEAR, month: 1 })}
              max={periodTag({ kind: 'month', year: now.getFullYear(), month: now.getMonth() + 1 })}
              disabled={building}
              onChange={(e) => {
                const p = parsePeriod(e.target.value);
                if (p?.kind === 'month' && choosablePeriod(p, now)) choose(p);
                else setTyping({ month: e.target.value });
              }}
              onBlur={() => setTyping({})}
            />
          </label>
        ) : (
          <>
            <label>
              Anno
              <input
                type="number"
                min={FIRST_YEAR}
                max={now.getFullYear()}
                value={typing.year ?? String(period.year)}
                disabled={building}
                onChange={(e) => {
                  const y = parseNumberText(e.target.value, { field: 'Anno', integer: true });
                  if (y.ok && y.value >= FIRST_YEAR && y.value <= now.getFullYear()) choose({ ...period, year: y.value });
                  else setTyping({ year: e.target.value });
                }}
                onBlur={() => setTyping({})}
              />
            </label>
            <label>
              Trimestre
              <select value={period.quarter} disabled={building} onChange={(e) => choose({ ...period, quarter: QUARTERS.find((q) => String(q) === e.target.value) ?? period.quarter })}>
                {QUARTERS.map((q) => (
                  <option key={q} value={q}>
                    {q}° trimestre
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </div>

      {invoicesExcluded ? (
        <p className="notice" role="note" data-testid="invoices-excluded">
          Le fatture non sono incluse nel pacchetto: {invoicesExcluded} Il pacchetto contiene DDT, chiusure di cassa, vendite e riepilogo IVA dei corrispettivi.
        </p>
      ) : null}
      {preview.error ? (
        <p className="form-error" role="alert">
          {preview.error}
        </p>
      ) : null}

      <h2>Contenuto del pacchetto di {periodLabel(period)}</h2>
      {preview.loading || (!ready && !preview.error) ? (
        <p className="muted" role="status" data-testid="package-loading">
          Lettura dei documenti di {periodLabel(period)}…
        </p>
      ) : null}
      <StatCards cards={cards} loading={preview.loading || !ready} />
      {sinceDownload?.kind === 'changed' ? (
        <div className="notice" role="note" data-testid="package-changed">
          <p>Il periodo è cambiato dopo il tuo download del {formatDateTime(sinceDownload.at)}:</p>
          <ul>
            {sinceDownload.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <p>Prepara e scarica di nuovo il pacchetto perché contenga questi documenti.</p>
        </div>
      ) : sinceDownload?.kind === 'same' ? (
        <p className="muted" data-testid="package-downloaded">
          Hai scaricato questo pacchetto il {formatDateTime(sinceDownload.at)}: da allora il periodo non è cambiato.
        </p>
      ) : sinceDownload?.kind === 'unknown' ? (
        <p className="muted" data-testid="package-downloaded">
          Hai scaricato questo pacchetto il {formatDateTime(sinceDownload.at)}.
        </p>
      ) : null}
      {empty ? (
        <p className="notice" role="note" data-testid="package-empty">
          Nessun documento in {periodLabel(period)}: né fatture, né DDT, né vendite, né chiusure di cassa. Il pacchetto conterrebbe solo indice e riepiloghi vuoti.
        </p>
      ) : null}
      {ready && !preview.loading ? (
        <table className="data-table month-package__folders" data-testid="package-folders">
          <caption className="visually-hidden">File per cartella</caption>
          <thead>
            <tr>
              <th scope="col">Cartella o file</th>
              <th scope="col" className="num">File</th>
            </tr>
          </thead>
          <tbody>
            {ready.folders.map((f) => (
              <tr key={f.folder} data-folder={f.folder}>
                <th scope="row">{FOLDER_LABEL[f.folder] ?? f.folder}</th>
                <td className="num">{f.files}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {problems.length > 0 ? (
        <section className="month-package__problems" aria-labelledby="mp-problems" data-testid="package-problems">
          <h2 id="mp-problems">Documenti non inclusi o incompleti ({problems.length})</h2>
          <p className="muted">Sono elencati anche in indice.csv, con il motivo.</p>
          <ul>
            {problems.map((p, i) => (
              <li key={`${p.label}-${i}`}>
                <strong>{p.label}</strong>: {p.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="month-package__actions">
        {build.status !== 'building' && build.status !== 'done' ? (
          <button type="button" className="button button--primary" onClick={() => void start()} disabled={!ready || preview.loading || !shopId}>
            {empty ? 'Prepara comunque il pacchetto' : 'Prepara il pacchetto'}
          </button>
        ) : null}
      </div>

      {build.status === 'building' ? (
        <div className="month-package__progress" ref={progressRef} tabIndex={-1} aria-labelledby="mp-progress-label" data-testid="package-progress">
          <p id="mp-progress-label" aria-live="polite">
            {`File ${build.progress.done} di ${build.progress.total} — ${FOLDER_LABEL[build.progress.folder] ?? build.progress.folder}${build.phase ? ` · ${build.phase}` : ''}`}
          </p>
          <progress max={build.progress.total || 1} value={build.progress.total > 0 ? build.progress.done : undefined} aria-label="Avanzamento della preparazione" />
          <button type="button" className="button" onClick={() => controller.current?.abort()}>
            Annulla
          </button>
        </div>
      ) : null}

      {build.status === 'done' ? (
        <div className="month-package__result">
          <h2 ref={resultRef} tabIndex={-1}>
            Pacchetto pronto
          </h2>
          <p>
            {build.fileName} ({zipSize(build.bytes)})
            {build.problems.length === 1 ? ' — 1 documento non incluso o incompleto, elencato sopra e in indice.csv.' : ''}
            {build.problems.length > 1 ? ` — ${build.problems.length} documenti non inclusi o incompleti, elencati sopra e in indice.csv.` : ''}
          </p>
          <a className="button button--primary" href={build.url} download={build.fileName} onClick={downloaded}>
            Scarica ZIP
          </a>
        </div>
      ) : null}
      {build.status === 'cancelled' ? (
        <h2 ref={resultRef} tabIndex={-1} className="muted">
          Preparazione annullata.
        </h2>
      ) : null}
      {build.status === 'error' ? (
        <p className="form-error" role="alert">
          <span ref={resultRef} tabIndex={-1}>
            {build.message}
          </span>
        </p>
      ) : null}
      <p className="muted month-package__note">{`Nome del file: ${fileName || '—'}. Il riepilogo IVA è indicativo e non sostituisce la liquidazione periodica.`}</p>
    </section>
  );
}
