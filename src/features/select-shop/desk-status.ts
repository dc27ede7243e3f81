/**
 * The accountant's desk in words: one shop's month (package, SDI, closings, last sale) as the lines of its row and
 * whether the row asks for attention. Pure: the figures come from src/features/select-shop/api.ts.
 */
import type { MonthFingerprint } from '@/domain/month-package/fingerprint';
import { downloadState, isEmptyMonth } from '@/domain/month-package/fingerprint';
import { countOf } from '@/domain/numbers/format-count';
import { dueSummary, type DueFigures } from '@/domain/sdi-lifecycle/due-texts';
import type { ReconSummary } from '@/domain/zreport/reconcile';
import { formatDateTime } from '@/lib/format';

export interface DeskFigures {
  fingerprint: MonthFingerprint;
  download?: { at: Date; fingerprint?: MonthFingerprint };
  due: DueFigures;
  closings: ReconSummary;
  /** Closed days of the month whose nightly summary is missing: their closings are not reconciled here. */
  daysToSummarise: number;
  lastSale?: Date;
}

export type Tone = 'ok' | 'warn' | 'late' | 'muted';

export interface DeskLine {
  text: string;
  tone: Tone;
  /** More detail, one item per change (the package's changes since its download). */
  items?: string[];
}

export interface DeskStatus {
  package: DeskLine;
  sdi: DeskLine;
  closings: DeskLine;
  lastSale: DeskLine;
  /** Something here needs the accountant: the month changed after the download, an SDI deadline, a closing. */
  attention: boolean;
}

export function packageLine(fingerprint: MonthFingerprint, download: DeskFigures['download']): DeskLine {
  const state = downloadState(fingerprint, download);
  switch (state.kind) {
    case 'never':
      return isEmptyMonth(fingerprint) ? { text: 'Nessun documento nel mese', tone: 'muted' } : { text: 'Non ancora scaricato', tone: 'warn' };
    case 'unknown':
      return { text: `Scaricato il ${formatDateTime(state.at)} (non si può dire se è cambiato dopo)`, tone: 'muted' };
    case 'same':
      return { text: `Scaricato il ${formatDateTime(state.at)}`, tone: 'ok' };
    case 'changed':
      return { text: `Cambiato dopo il download del ${formatDateTime(state.at)}`, tone: 'late', items: state.changes };
  }
}

export function sdiLine(due: DueFigures): DeskLine {
  const text = dueSummary(due);
  if (!text) return { text: 'Nessuna scadenza SDI', tone: 'ok' };
  return { text, tone: (due.draftsLate ?? 0) + (due.rejectedLate ?? 0) > 0 ? 'late' : 'warn' };
}

export function closingsLine(summary: ReconSummary, daysToSummarise: number): DeskLine {
  const problems = [
    summary.differenceDays > 0 ? countOf(summary.differenceDays, 'giorno con differenza', 'giorni con differenza') : undefined,
    summary.noClosingDays > 0 ? countOf(summary.noClosingDays, 'giorno senza chiusura', 'giorni senza chiusura') : undefined,
  ].filter((p): p is string => p !== undefined);
  const toSummarise = daysToSummarise > 0 ? `${countOf(daysToSummarise, 'giorno', 'giorni')} da riepilogare (apri Chiusure)` : undefined;
  if (problems.length > 0) return { text: [...problems, toSummarise].filter(Boolean).join(' · '), tone: 'late' };
  if (toSummarise) return { text: summary.days > 0 ? `${countOf(summary.days, 'giorno riconciliato', 'giorni riconciliati')} · ${toSummarise}` : toSummarise, tone: 'muted' };
  if (summary.days === 0) return { text: 'Nessuna chiusura nel mese', tone: 'muted' };
  return { text: `Tutte riconciliate (${countOf(summary.days, 'giorno', 'giorni')})`, tone: 'ok' };
}

export function lastSaleLine(lastSale: Date | undefined): DeskLine {
  return lastSale ? { text: formatDateTime(lastSale), tone: 'muted' } : { text: 'Nessuna vendita', tone: 'muted' };
}

export function deskStatus(figures: DeskFigures): DeskStatus {
  const lines = {
    package: packageLine(figures.fingerprint, figures.download),
    sdi: sdiLine(figures.due),
    closings: closingsLine(figures.closings, figures.daysToSummarise),
    lastSale: lastSaleLine(figures.lastSale),
  };
  const attention = [lines.package, lines.sdi, lines.closings].some((l) => l.tone === 'late' || l.tone === 'warn');
  return { ...lines, attention };
}
