import { describe, expect, it } from 'vitest';
import { notificationSetsMarking } from '../provider-callbacks/marking-order';
import { immediateDeadline, deferredDeadline, resendDeadline } from './deadlines';
import {
  LIFECYCLE_LABELS,
  RESEND_POLICY_MESSAGES,
  dueOf,
  nextState,
  resendPolicy,
  runLifecycle,
  stateOfInvoice,
  type LifecycleEvent,
  type LifecycleState,
} from './lifecycle';

const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const at = day(2026, 12, 3, 10);
const ev = (type: LifecycleEvent['type'], outcome?: 'EC01' | 'EC02', when: Date = at): LifecycleEvent => ({ type, at: when, ...(outcome ? { outcome } : {}) });

const STATES = Object.keys(LIFECYCLE_LABELS) as LifecycleState[];
const EVENTS: [string, LifecycleEvent][] = [
  ['sent', ev('sent')],
  ['RC', ev('RC')],
  ['MC', ev('MC')],
  ['NS', ev('NS')],
  ['NE EC01', ev('NE', 'EC01')],
  ['NE EC02', ev('NE', 'EC02')],
  ['NE senza esito', ev('NE')],
  ['DT', ev('DT')],
  ['AT', ev('AT')],
  ['resent', ev('resent')],
];

/** Every valid move; every other (state, event) pair must be refused. */
const VALID: [LifecycleState, string, LifecycleState][] = [
  ['bozza', 'sent', 'inviata'],
  ['inviata', 'RC', 'consegnata'],
  ['inviata', 'MC', 'mancata-consegna'],
  ['inviata', 'NS', 'scartata'],
  ['consegnata', 'NE EC01', 'accettata'],
  ['consegnata', 'NE EC02', 'rifiutata'],
  ['consegnata', 'DT', 'decorrenza-termini'],
  ['mancata-consegna', 'AT', 'impossibile-recapito'],
  ['scartata', 'resent', 'reinviata'],
];

describe('nextState', () => {
  it.each(VALID)('%s + %s → %s', (from, name, to) => {
    const event = EVENTS.find(([n]) => n === name)?.[1];
    expect(event).toBeDefined();
    expect(nextState(from, event as LifecycleEvent)).toBe(to);
  });

  const invalid = STATES.flatMap((state) => EVENTS.filter(([name]) => !VALID.some(([f, n]) => f === state && n === name)).map(([name, event]) => [state, name, event] as const));

  it.each(invalid)('%s + %s is refused', (state, _name, event) => {
    expect(nextState(state, event)).toBeUndefined();
  });

  it('refuses the moves the SDI never makes', () => {
    expect(nextState('scartata', ev('RC'))).toBeUndefined(); // RC after NS
    expect(nextState('scartata', ev('NS'))).toBeUndefined(); // a second NS
    expect(nextState('consegnata', ev('MC'))).toBeUndefined();
    expect(nextState('inviata', ev('NE', 'EC01'))).toBeUndefined(); // an outcome before the delivery
    for (const [, event] of EVENTS) expect(nextState('reinviata', event)).toBeUndefined();
  });

  it('refuses an unknown event without throwing', () => {
    expect(nextState('inviata', { type: 'XX' as LifecycleEvent['type'], at })).toBeUndefined();
    expect(nextState('inviata', { type: 'toString' as LifecycleEvent['type'], at })).toBeUndefined();
  });
});

describe('nextState agrees with the markings’ stage rule (marking-order.ts)', () => {
  /** The marking and notification that put a stored invoice in each state an SDI notification leads to. */
  const STORED: [LifecycleState, string, string | undefined][] = [
    ['inviata', 'sent', undefined],
    ['consegnata', 'delivered', 'RC'],
    ['mancata-consegna', 'not-delivered', 'MC'],
    ['scartata', 'rejected', 'NS'],
    ['accettata', 'accepted-pa', 'NE'],
    ['rifiutata', 'rejected-pa', 'NE'],
    ['decorrenza-termini', 'deadline-terms', 'DT'],
    ['impossibile-recapito', 'not-delivered', 'AT'],
  ];
  const notifications = EVENTS.filter(([, e]) => e.type !== 'sent' && e.type !== 'resent');

  it.each(STORED)('a later notification accepted in %s would also set the marking', (state, marking, notificationType) => {
    const current = { marking, notificationType, notifiedAt: day(2026, 12, 1) };
    for (const [name, event] of notifications) {
      const sets = notificationSetsMarking(current, { type: event.type, createdAt: day(2026, 12, 2) });
      if (nextState(state, event) !== undefined) expect(sets, `${state} + ${name}`).toBe(true);
      if (!sets) expect(nextState(state, event), `${state} + ${name}`).toBeUndefined();
    }
  });

  it('an earlier-stage notification after a later one is ignored by both', () => {
    expect(nextState('accettata', ev('RC'))).toBeUndefined();
    expect(notificationSetsMarking({ marking: 'accepted-pa', notificationType: 'NE' }, { type: 'RC' })).toBe(false);
    expect(nextState('scartata', ev('MC'))).toBeUndefined();
    expect(notificationSetsMarking({ marking: 'rejected', notificationType: 'NS' }, { type: 'MC' })).toBe(false);
  });
});

describe('runLifecycle', () => {
  it('follows a PA invoice to its acceptance', () => {
    const events = [ev('sent', undefined, day(2026, 12, 1)), ev('RC', undefined, day(2026, 12, 2)), ev('NE', 'EC01', day(2026, 12, 9))];
    const run = runLifecycle(events);
    expect(run.state).toBe('accettata');
    expect(run.transitions.map((t) => [t.from, t.to])).toEqual([
      ['bozza', 'inviata'],
      ['inviata', 'consegnata'],
      ['consegnata', 'accettata'],
    ]);
    expect(run.ignored).toEqual([]);
  });

  it('orders events by their time, not by arrival', () => {
    const rc = ev('RC', undefined, day(2026, 12, 2));
    const ne = ev('NE', 'EC02', day(2026, 12, 9));
    const sent = ev('sent', undefined, day(2026, 12, 1));
    const run = runLifecycle([ne, rc, sent]);
    expect(run.state).toBe('rifiutata');
    expect(run.transitions.map((t) => t.event)).toEqual([sent, rc, ne]);
  });

  it('keeps the given order of events at the same time', () => {
    const t = day(2026, 12, 2);
    expect(runLifecycle([ev('sent', undefined, t), ev('NS', undefined, t), ev('resent', undefined, t)]).state).toBe('reinviata');
    const refused = runLifecycle([ev('sent', undefined, t), ev('resent', undefined, t), ev('NS', undefined, t)]);
    expect(refused.state).toBe('scartata');
    expect(refused.ignored.map((e) => e.type)).toEqual(['resent']);
  });

  it('lists a stale notification after a rejection as ignored', () => {
    const stale = ev('RC', undefined, day(2026, 12, 3));
    const run = runLifecycle([ev('sent', undefined, day(2026, 12, 1)), ev('NS', undefined, day(2026, 12, 2)), stale]);
    expect(run.state).toBe('scartata');
    expect(run.ignored).toEqual([stale]);
  });

  it('starts from a draft', () => {
    expect(runLifecycle([])).toEqual({ state: 'bozza', transitions: [], ignored: [] });
    expect(runLifecycle([ev('RC')]).state).toBe('bozza');
  });

  it('does not reorder the caller’s list', () => {
    const events = [ev('RC', undefined, day(2026, 12, 2)), ev('sent', undefined, day(2026, 12, 1))];
    const copy = [...events];
    runLifecycle(events);
    expect(events).toEqual(copy);
  });
});

describe('stateOfInvoice', () => {
  it.each([
    ['sent', 'inviata'],
    ['delivered', 'consegnata'],
    ['delivered-pa', 'consegnata'],
    ['not-delivered', 'mancata-consegna'],
    ['Not_Delivered', 'mancata-consegna'],
    ['not_delivered', 'mancata-consegna'],
    ['rejected', 'scartata'],
    ['Rejected', 'scartata'],
    ['accepted-pa', 'accettata'],
    ['rejected-pa', 'rifiutata'],
    ['deadline-terms', 'decorrenza-termini'],
    ['paid', 'consegnata'],
  ] as const)('marking %s → %s', (markingRaw, state) => {
    expect(stateOfInvoice({ draft: false, markingRaw })).toBe(state);
  });

  it('a draft is a draft whatever else it carries', () => {
    expect(stateOfInvoice({ draft: true })).toBe('bozza');
    expect(stateOfInvoice({ draft: true, markingRaw: 'rejected', reverted: true })).toBe('bozza');
  });

  it('a reverted rejected invoice was corrected and resent; a reverted sent one is a draft again', () => {
    expect(stateOfInvoice({ draft: false, markingRaw: 'rejected', reverted: true })).toBe('reinviata');
    expect(stateOfInvoice({ draft: false, markingRaw: 'sent', reverted: true })).toBe('bozza');
  });

  it('ignores the reverted flag on an issued invoice', () => {
    expect(stateOfInvoice({ draft: false, markingRaw: 'delivered', reverted: true })).toBe('consegnata');
  });

  it('a marking without an SDI outcome reads as sent', () => {
    expect(stateOfInvoice({ draft: false })).toBe('inviata');
    expect(stateOfInvoice({ draft: false, markingRaw: 'waiting' })).toBe('inviata');
    expect(stateOfInvoice({ draft: false, markingRaw: 'constructor' })).toBe('inviata');
  });
});

describe('dueOf', () => {
  const operationDay = day(2026, 12, 1);
  const rejectedAt = day(2026, 12, 3, 11);

  it('a draft must be sent within the immediate deadline, or the deferred one', () => {
    expect(dueOf({ state: 'bozza', operationDay })).toEqual({ kind: 'send', deadline: immediateDeadline(operationDay) });
    expect(dueOf({ state: 'bozza', operationDay, deferred: true })).toEqual({ kind: 'send', deadline: deferredDeadline(operationDay) });
    expect(dueOf({ state: 'bozza', operationDay, deferred: true })).toMatchObject({ deadline: { due: day(2027, 1, 15) } });
  });

  it('a rejected invoice must be resent within the window from the NS', () => {
    expect(dueOf({ state: 'scartata', rejectedAt })).toEqual({ kind: 'resend', deadline: resendDeadline(rejectedAt) });
  });

  it('a missed delivery asks the shop to tell the buyer, until it did', () => {
    expect(dueOf({ state: 'mancata-consegna' })).toEqual({ kind: 'tell-buyer' });
    expect(dueOf({ state: 'mancata-consegna', buyerTold: true })).toBeUndefined();
  });

  it('nothing is due in the other states, nor without the date to count from', () => {
    for (const state of STATES.filter((s) => s !== 'bozza' && s !== 'scartata' && s !== 'mancata-consegna')) {
      expect(dueOf({ state, operationDay, rejectedAt }), state).toBeUndefined();
    }
    expect(dueOf({ state: 'bozza' })).toBeUndefined();
    expect(dueOf({ state: 'scartata' })).toBeUndefined();
  });
});

describe('resendPolicy', () => {
  const rejectedAt = day(2026, 12, 2, 17, 40); // window to Monday 7 December

  it('within the window the corrected invoice keeps number and date', () => {
    expect(resendPolicy(rejectedAt, day(2026, 12, 2, 18))).toEqual({ keepNumberAndDate: true, message: RESEND_POLICY_MESSAGES.keep });
    expect(resendPolicy(rejectedAt, day(2026, 12, 7, 23, 59)).keepNumberAndDate).toBe(true);
  });

  it('after it the corrected invoice takes a new number and today’s date', () => {
    expect(resendPolicy(rejectedAt, day(2026, 12, 8, 0, 30))).toEqual({ keepNumberAndDate: false, message: RESEND_POLICY_MESSAGES.renumber });
  });

  it('the window moves past a weekend and a holiday like the deadline', () => {
    expect(resendPolicy(day(2026, 12, 3), day(2026, 12, 9, 12)).keepNumberAndDate).toBe(true);
    expect(resendPolicy(day(2026, 12, 3), day(2026, 12, 10, 12)).keepNumberAndDate).toBe(false);
  });

  it('speaks Italian to the shop', () => {
    expect(RESEND_POLICY_MESSAGES.keep).toBe('Entro i 5 giorni dallo scarto: la fattura corretta mantiene numero e data.');
    expect(RESEND_POLICY_MESSAGES.renumber).toBe('Sono passati più di 5 giorni dallo scarto: la fattura corretta avrà un nuovo numero (con il suffisso -R).');
  });
});

describe('LIFECYCLE_LABELS', () => {
  it('names every state in Italian', () => {
    expect(LIFECYCLE_LABELS['mancata-consegna']).toBe('Mancata consegna: nel cassetto fiscale del cliente');
    expect(LIFECYCLE_LABELS['impossibile-recapito']).toBe('Impossibilità di recapito');
    expect(STATES).toHaveLength(10);
  });
});
