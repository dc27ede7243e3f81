/**
 * The deadlines the law sets for an outgoing electronic invoice, on the shop's local calendar days. Each one that
 * falls on a Saturday, a Sunday or a public holiday moves to the next working day (art. 7 c.1 lett. h DL 70/2011,
 * which applies to every tax deadline).
 * - Immediate invoice: within 12 days of the operation (art. 21 c.4 DPR 633/72).
 * - Deferred invoice for the month's DDTs: by the 15th of the following month (art. 21 c.4 lett. a DPR 633/72).
 * - Invoice rejected by the SDI (NS): resent within 5 days of the rejection (Agenzia delle Entrate, circ. 13/E of
 *   2 July 2018). The 5 days are a term the Agency grants to fix the transmission, so they move like any other tax
 *   deadline: a rejection on a Tuesday may be fixed by the next Monday.
 */
import { formatItalianDate, toIsoDate } from '../fatturapa/dates';
import { countOf } from '../numbers/format-count';
import { calendarDaysBetween, plusCalendarDays, startOfLocalDay } from './calendar-days';
import { nextWorkingDayOnOrAfter } from './holidays';

export type DeadlineKind = 'immediate' | 'deferred' | 'resend';

export interface Deadline {
  kind: DeadlineKind;
  /** Local midnight of the last valid day. */
  due: Date;
  /** True when a Saturday, Sunday or holiday moved the day the law names to the next working day. */
  moved: boolean;
  /** The rule, in Italian, for a screen. */
  rule: string;
}

export const DEADLINE_RULES: Readonly<Record<DeadlineKind, string>> = {
  immediate: 'entro 12 giorni dall’operazione (art. 21 DPR 633/72)',
  deferred: 'entro il 15 del mese successivo a quello del DDT (art. 21 c.4 lett. a DPR 633/72)',
  resend: 'entro 5 giorni dallo scarto dello SDI (circ. Agenzia delle Entrate 13/E del 2018)',
};

const IMMEDIATE_DAYS = 12;
const RESEND_DAYS = 5;
const DEFERRED_DAY_OF_MONTH = 15;

function deadlineOn(kind: DeadlineKind, lawDay: Date): Deadline {
  const due = nextWorkingDayOnOrAfter(lawDay);
  return { kind, due, moved: due.getTime() !== startOfLocalDay(lawDay).getTime(), rule: DEADLINE_RULES[kind] };
}

/** An immediate invoice: the operation's day + 12 calendar days, moved to a working day. */
export function immediateDeadline(operationDay: Date): Deadline {
  return deadlineOn('immediate', plusCalendarDays(operationDay, IMMEDIATE_DAYS));
}

/** A deferred invoice: the 15th of the month after the DDT's month, moved to a working day. */
export function deferredDeadline(ddtDay: Date): Deadline {
  return deadlineOn('deferred', new Date(ddtDay.getFullYear(), ddtDay.getMonth() + 1, DEFERRED_DAY_OF_MONTH));
}

/** The corrected resend of an invoice the SDI rejected: the NS notification's day + 5, moved to a working day. */
export function resendDeadline(rejectedAt: Date): Deadline {
  return deadlineOn('resend', plusCalendarDays(rejectedAt, RESEND_DAYS));
}

/** Whole calendar days from `now`'s local day to the due day: 0 = due today, negative = late. */
export function daysLeft(deadline: Deadline, now: Date): number {
  return calendarDaysBetween(now, deadline.due);
}

function dayText(day: Date): string {
  return formatItalianDate(toIsoDate(day));
}

/** 'Scade oggi', 'Scade domani', 'Mancano 5 giorni (entro il 15/12/2026)', 'In ritardo di 3 giorni (scaduta il 12/12/2026)'. */
export function deadlineText(deadline: Deadline, now: Date): string {
  const left = daysLeft(deadline, now);
  if (left === 0) return 'Scade oggi';
  if (left === 1) return 'Scade domani';
  if (left > 1) return `Mancano ${countOf(left, 'giorno', 'giorni')} (entro il ${dayText(deadline.due)})`;
  return `In ritardo di ${countOf(-left, 'giorno', 'giorni')} (scaduta il ${dayText(deadline.due)})`;
}

export type Urgency = 'late' | 'today' | 'soon' | 'ok';

/** Days left, 1 to this many, count as 'soon'. */
const SOON_DAYS = 3;

export function urgencyOf(deadline: Deadline, now: Date): Urgency {
  const left = daysLeft(deadline, now);
  if (left < 0) return 'late';
  if (left === 0) return 'today';
  return left <= SOON_DAYS ? 'soon' : 'ok';
}
