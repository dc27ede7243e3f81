/**
 * The 'Scadenze SDI' lines in Italian from the due counts (src/data/sdi-due.ts): what is late first, then what is
 * near, each with the list that fixes it. Pure, so the dashboard, the bell and the accountant's view say the same.
 */
import { countOf } from '../numbers/format-count';
import { formatItalianDate, toIsoDate } from '../fatturapa/dates';
import { deferredDeadline, daysLeft } from './deadlines';
import { NEAR_DAYS, previousMonth } from './due-cutoffs';

export interface DueFigures {
  draftsLate?: number;
  draftsNear?: number;
  rejectedLate?: number;
  rejectedOpen?: number;
  buyersToTell?: number;
  ddtsToInvoice?: number;
}

export type DueTone = 'late' | 'near';
export type DueTarget = 'drafts' | 'outgoing' | 'ddt';

export interface DueLine {
  key: keyof DueFigures;
  tone: DueTone;
  text: string;
  target: DueTarget;
  /** The button's label: where the fix is. */
  action: string;
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

export const DUE_TEXTS = {
  title: 'Scadenze SDI',
  loading: 'Controllo delle scadenze…',
  none: 'Nessuna scadenza: ogni fattura è stata inviata e consegnata nei termini.',
  unavailable: 'Scadenze non disponibili: riprova più tardi.',
} as const;

export function dueLines(figures: DueFigures, now: Date): DueLine[] {
  const lines: DueLine[] = [];
  const n = (v: number | undefined) => v ?? 0;
  if (n(figures.draftsLate) > 0) {
    lines.push({ key: 'draftsLate', tone: 'late', target: 'drafts', action: 'Vai alle bozze', text: `${countOf(n(figures.draftsLate), 'bozza', 'bozze')} oltre i 12 giorni dall’operazione: ${n(figures.draftsLate) === 1 ? 'va inviata' : 'vanno inviate'} subito allo SDI.` });
  }
  const rejectedLate = n(figures.rejectedLate);
  const rejectedInWindow = n(figures.rejectedOpen) - rejectedLate;
  if (rejectedLate > 0) {
    lines.push({ key: 'rejectedLate', tone: 'late', target: 'outgoing', action: 'Vai alle fatture scartate', text: `${countOf(rejectedLate, 'fattura scartata', 'fatture scartate')} dallo SDI oltre i 5 giorni: ${rejectedLate === 1 ? 'va corretta e reinviata' : 'vanno corrette e reinviate'} con un nuovo numero.` });
  }
  if (rejectedInWindow > 0) {
    lines.push({ key: 'rejectedOpen', tone: 'near', target: 'outgoing', action: 'Vai alle fatture scartate', text: `${countOf(rejectedInWindow, 'fattura scartata', 'fatture scartate')} dallo SDI da correggere e reinviare entro 5 giorni dallo scarto, con lo stesso numero e la stessa data.` });
  }
  if (n(figures.draftsNear) > 0) {
    lines.push({ key: 'draftsNear', tone: 'near', target: 'drafts', action: 'Vai alle bozze', text: `${countOf(n(figures.draftsNear), 'bozza', 'bozze')} da inviare allo SDI entro ${NEAR_DAYS} giorni.` });
  }
  if (n(figures.buyersToTell) > 0) {
    lines.push({ key: 'buyersToTell', tone: 'near', target: 'outgoing', action: 'Vai alle fatture non consegnate', text: `${countOf(n(figures.buyersToTell), 'fattura non consegnata', 'fatture non consegnate')} (mancata consegna): avvisa il cliente che la trova nel suo cassetto fiscale.` });
  }
  if (n(figures.ddtsToInvoice) > 0) {
    const month = previousMonth(now);
    const deadline = deferredDeadline(month.start);
    const late = daysLeft(deadline, now) < 0;
    lines.push({
      key: 'ddtsToInvoice', tone: late || now.getDate() >= 10 ? 'late' : 'near', target: 'ddt', action: 'Vai ai DDT',
      text: `${countOf(n(figures.ddtsToInvoice), 'DDT', 'DDT')} di ${MONTHS[month.start.getMonth()]} senza fattura differita: ${late ? 'la scadenza era' : 'da emettere entro'} il ${formatItalianDate(toIsoDate(deadline.due))}.`,
    });
  }
  return lines.sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'late' ? -1 : 1));
}

/** How many things are due, in one line ('Scadenze SDI: 4 fatture da sistemare, 2 in ritardo.'), or nothing. */
export function dueSummary(figures: DueFigures): string | undefined {
  const late = (figures.draftsLate ?? 0) + (figures.rejectedLate ?? 0);
  const total = (figures.draftsLate ?? 0) + (figures.draftsNear ?? 0) + (figures.rejectedOpen ?? 0) + (figures.buyersToTell ?? 0) + (figures.ddtsToInvoice ?? 0);
  if (total === 0) return undefined;
  return `Scadenze SDI: ${countOf(total, 'fattura da sistemare', 'fatture da sistemare')}${late > 0 ? `, ${countOf(late, 'in ritardo', 'in ritardo')}` : ''}.`;
}

/** The bell's one notice: the summary and where to see it, or nothing when nothing is due. */
export function dueNotice(figures: DueFigures): string | undefined {
  const summary = dueSummary(figures);
  return summary ? `${summary} Apri la dashboard.` : undefined;
}
