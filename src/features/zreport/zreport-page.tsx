import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { StatCards } from '@/components/ui/stat-cards';
import { END_BEFORE_START, parseDay, type Period } from '@/domain/dashboard/period';
import { isWarning, mergeTakings, reconcileTakings, STATUS_LABEL, summarize, type DayReconciliation } from '@/domain/zreport/reconcile';
import { closingNumbers, closingTimes, ZREPORT_CSV_HEADERS, zreportCsvRows } from '@/domain/zreport/export';
import { businessDay, cutoffMinutes, DEFAULT_BUSINESS_DAY_CUTOFF } from '@/domain/zreport/business-day';
import { businessMonth, monthRange, type DayRange } from '@/domain/zreport/month';
import { datedFileName, downloadText } from '@/lib/download';
import { italianError } from '@/lib/firebase-errors';
import { useLiveDocument, useLiveQuery } from '@/lib/firebase-hooks';
import { formatEuro } from '@/domain/money';
import { formatDate } from '@/lib/format';
import { useLatestAnswer } from '@/lib/use-latest-answer';
import { useFeature } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { liveSalesQuery, MAX_RANGE_DAYS, openTakings, shopDoc, startZReportLook, type ClosedPart, type ZRange } from './api';
import { CutoffSetting } from './components/cutoff-setting';
import { DayDetailModal } from './components/day-detail-modal';
import { Money, SignedMoney } from './components/money';
import './zreport.css';
import { countOf } from '@/domain/numbers/format-count';

const EMPTY: ClosedPart & { live?: { start: Date; end: Date } } = { takings: new Map(), closings: [] };
const DAY_MS = 86_400_000;

function monthValue(day: string): string {
  return day.slice(0, 7);
}

const MONTH_TITLE = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric' });

/** 'Chiusura cassa': the printer's closings of a range beside the POS sales, day by day. */
export default function ZReportPage() {
  const shopId = useSession((s) => s.activeShopId);
  const uid = useSession((s) => s.uid);
  const level = useSession((s) => s.profile?.level);
  const now = useMemo(() => new Date(), []);
  const [params] = useSearchParams();
  // The accountant's desk opens a shop's closings on the month it shows ('?mese=2026-11').
  const [askedMonth] = useState(() => /^(\d{4})-(\d{2})$/.exec(params.get('mese') ?? ''));
  const [chosen, setRange] = useState<DayRange | undefined>();
  const [onlyWarnings, setOnlyWarnings] = useState(false);
  const [open, setOpen] = useState<DayReconciliation | undefined>();
  // The shop, live: its name for the printed summary and the business day's cut-off. When it
  // cannot be read the screen still reconciles, with the default cut-off.
  const shopRef = useMemo(() => (shopId ? shopDoc(shopId) : null), [shopId]);
  const shop = useLiveDocument(shopRef, `zreport-shop:${shopId ?? ''}`);
  const shopName = shop.data ? shop.data.ragioneSociale || shop.data.name : '';
  const cutoff = shop.status === 'ready' ? (shop.data?.settings.businessDayCutoff ?? DEFAULT_BUSINESS_DAY_CUTOFF) : shop.status === 'error' ? DEFAULT_BUSINESS_DAY_CUTOFF : undefined;
  const canEditCutoff = level === 'shop' && shopId !== undefined && shopId === uid && shop.status === 'ready' && shop.data !== undefined;
  // Until the shop is read, the default cut-off places the open day (it moves only between midnight and the cut-off).
  const today = businessDay(now, cutoffMinutes(cutoff ?? DEFAULT_BUSINESS_DAY_CUTOFF) ?? 0);
  // eslint-disable-next-line no-restricted-syntax -- the digits of a 'yyyy-MM' matched above
  const asked = askedMonth ? monthRange(Number(askedMonth[1]), Number(askedMonth[2]) - 1, today) : undefined;
  const range = chosen ?? (asked && asked.from <= today ? asked : businessMonth(today));

  const start = parseDay(range.from);
  const endDay = parseDay(range.to);
  let rangeError: string | undefined;
  if (!start || !endDay) rangeError = 'Seleziona la data di inizio e di fine';
  else if (endDay < start) rangeError = END_BEFORE_START;
  else if ((endDay.getTime() - start.getTime()) / DAY_MS >= MAX_RANGE_DAYS) rangeError = `Scegli un intervallo di al massimo ${MAX_RANGE_DAYS} giorni`;
  const period: Period | undefined =
    start && endDay && !rangeError ? { start, end: new Date(endDay.getFullYear(), endDay.getMonth(), endDay.getDate() + 1) } : undefined;

  // The closed days come from the statistics' day summaries, which the shop's owner (or an admin) stores when the
  // shop holds the Statistiche pack (the rules refuse the others); anyone else computes the missing days at each look.
  // The look waits for the pack decision (known with the shell), so that the owner's first look stores what it computed.
  const summaries = useFeature('saleDaySummaries').kind;
  const canWrite = summaries === 'allow' && (level === 'admin' || (level === 'shop' && shopId !== undefined && shopId === uid));
  const zRange: ZRange | undefined = period && cutoff ? { from: range.from, to: range.to, cutoff: cutoffMinutes(cutoff) ?? 0 } : undefined;
  const key = shopId && zRange && summaries !== 'wait' ? `${shopId}|${range.from}|${range.to}|${cutoff ?? ''}|${String(canWrite)}` : undefined;
  const { loading, value: closed, error } = useLatestAnswer(
    key,
    async (early) => {
      const look = await startZReportLook(shopId ?? '', zRange as ZRange, { canWrite, now });
      if (look.checking) early({ ...look.first, live: look.live });
      const checked = await look.checked;
      checked.report.saved.catch(() => undefined);
      return { takings: checked.takings, closings: checked.closings, live: look.live };
    },
    EMPTY,
    (e) => `Errore nel caricamento delle chiusure: ${italianError(e)}.`,
  );
  // Today (and yesterday before the cut-off): the sales themselves, live; a reload resumes them from the cache.
  const liveInterval = closed.live;
  const liveQuery = useMemo(() => (shopId && liveInterval ? liveSalesQuery(shopId, liveInterval) : null), [shopId, liveInterval]);
  const liveSales = useLiveQuery(liveQuery, `zreport-live:${shopId ?? ''}:${liveInterval?.start.getTime() ?? ''}:${liveInterval?.end.getTime() ?? ''}`);
  const rows = useMemo(() => {
    if (!zRange || (liveInterval && liveSales.status !== 'ready')) return [];
    const takings = mergeTakings(new Map(), closed.takings);
    if (liveInterval && liveSales.data) mergeTakings(takings, openTakings(liveSales.data, zRange));
    return reconcileTakings(takings, closed.closings, businessDay(now, zRange.cutoff), zRange.cutoff);
    // zRange is rebuilt on every render from range and cutoff, which the closed part's key already holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closed, liveInterval, liveSales, now]);

  const summary = useMemo(() => summarize(rows), [rows]);
  const shown = useMemo(() => [...rows].reverse().filter((r) => !onlyWarnings || isWarning(r.status)), [rows, onlyWarnings]);
  const liveError = liveSales.status === 'error' ? `Errore nel caricamento delle vendite di oggi: ${liveSales.error}` : undefined;
  const busy =
    (shopId !== undefined && period !== undefined && (cutoff === undefined || summaries === 'wait')) ||
    (key !== undefined && loading) ||
    (liveInterval !== undefined && liveSales.status === 'loading');

  const exportCsv = async () => {
    // papaparse comes with the export, not with the page.
    const { toCsv } = await import('@/domain/csv/csv');
    downloadText(datedFileName('chiusure-cassa'), toCsv(ZREPORT_CSV_HEADERS, zreportCsvRows(rows)));
  };
  const chooseMonth = (value: string) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    // eslint-disable-next-line no-restricted-syntax -- the digits of a <input type="month"> value matched above
    if (match) setRange(monthRange(Number(match[1]), Number(match[2]) - 1, today));
  };
  const wholeMonth = monthValue(range.from) === monthValue(range.to) && range.from.endsWith('-01');
  const periodTitle =
    wholeMonth && start ? MONTH_TITLE.format(start) : start && endDay ? `dal ${formatDate(start)} al ${formatDate(endDay)}` : '';

  const cards = [
    { id: 'z-closings-total', label: 'Totale chiusure', value: formatEuro(summary.closingsTotal), note: countOf(summary.closings, 'chiusura', 'chiusure') },
    { id: 'z-sales-total', label: 'Vendite POS', value: formatEuro(summary.salesTotal), note: 'Esclusi annulli e preconti' },
    { id: 'z-difference', label: 'Differenza', value: formatEuro(summary.difference), note: 'Chiusure meno vendite, nei giorni con chiusura' },
    {
      id: 'z-warnings',
      label: 'Giorni da verificare',
      value: String(summary.differenceDays + summary.noClosingDays + summary.noSalesDays + rows.filter((r) => r.status === 'unknown').length),
      note: `${summary.noClosingDays} senza chiusura, ${summary.differenceDays} con differenza, ${summary.noSalesDays} senza vendite`,
    },
  ];

  return (
    <section className="page zreport">
      <h1>Chiusura cassa</h1>
      <p className="zreport__print-title">
        Riepilogo chiusure {periodTitle}
        {shopName ? ` — ${shopName}` : ''}
      </p>
      <div className="filters zreport__filters" role="search" aria-label="Periodo delle chiusure">
        <label>
          Mese
          <input type="month" value={monthValue(range.from)} max={monthValue(today)} onChange={(e) => chooseMonth(e.target.value)} />
        </label>
        <label>
          Dal
          <input type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} aria-invalid={rangeError ? true : undefined} />
        </label>
        <label>
          Al
          <input type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} aria-invalid={rangeError ? true : undefined} />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={onlyWarnings} onChange={(e) => setOnlyWarnings(e.target.checked)} /> Solo giorni da verificare
        </label>
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={rows.length === 0}>
          Esporta CSV
        </button>
        <button type="button" className="button" onClick={() => window.print()} disabled={rows.length === 0}>
          Stampa riepilogo
        </button>
      </div>
      {shopId ? <CutoffSetting shopId={shopId} cutoff={cutoff} canEdit={cutoff === undefined ? level === 'shop' && shopId === uid : canEditCutoff} /> : null}
      {rangeError ? (
        <p className="form-error" role="alert">
          {rangeError}
        </p>
      ) : null}
      {error || liveError ? (
        <p className="form-error" role="alert">
          {error ?? liveError}
        </p>
      ) : null}

      <StatCards cards={cards} loading={busy} />

      {busy ? <p className="muted">Caricamento chiusure…</p> : null}
      {!busy && !error && key && shown.length === 0 ? (
        <p className="muted">{onlyWarnings && rows.length > 0 ? 'Nessun giorno da verificare nel periodo.' : 'Nessuna chiusura o vendita nel periodo.'}</p>
      ) : null}

      {!busy && shown.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table zreport__table" data-testid="zreport-table">
            <caption className="visually-hidden">Chiusure e vendite POS per giorno</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">N. chiusura</th>
                <th scope="col">Ora</th>
                <th scope="col" className="num">Totale chiusura</th>
                <th scope="col" className="num">Vendite POS</th>
                <th scope="col" className="num">Differenza</th>
                <th scope="col">Esito</th>
                <th scope="col" className="no-print">
                  <span className="visually-hidden">Azioni</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.day} data-day={row.day} data-status={row.status} className={isWarning(row.status) ? 'zreport__row--warning' : undefined}>
                  <th scope="row">{formatDate(row.date)}</th>
                  <td>{closingNumbers(row) || (row.closings.length > 0 ? 'N/D' : '—')}</td>
                  <td>{closingTimes(row) || '—'}</td>
                  <td className="num" data-testid="row-closing">
                    <Money value={row.closings.length > 0 ? row.closing.total : undefined} missing={row.closings.length > 0 ? 'Non indicato' : 'Nessuna chiusura'} />
                  </td>
                  <td className="num" data-testid="row-sales">
                    {formatEuro(row.sales.total)}
                  </td>
                  <td className="num" data-testid="row-difference">
                    <SignedMoney value={row.difference} />
                  </td>
                  <td>
                    <span className={`zreport-status zreport-status--${row.status}`} data-testid="row-status">
                      {STATUS_LABEL[row.status]}
                    </span>
                  </td>
                  <td className="no-print">
                    <button type="button" className="button" onClick={() => setOpen(row)} aria-label={`Dettaglio del ${formatDate(row.date)}`}>
                      Dettaglio
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Totale</th>
                <td colSpan={2}>{countOf(summary.closings, 'chiusura', 'chiusure')}</td>
                <td className="num">{formatEuro(summary.closingsTotal)}</td>
                <td className="num">{formatEuro(summary.salesTotal)}</td>
                <td className="num">
                  <SignedMoney value={summary.difference} />
                </td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <p className="muted zreport__note">
        Le vendite POS escludono scontrini annullati, preconti e le fatture emesse dal back office. I valori che la chiusura non riporta sono indicati come
        mancanti.
      </p>
      <DayDetailModal row={open} onClose={() => setOpen(undefined)} />
    </section>
  );
}
