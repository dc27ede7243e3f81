import { describe, expect, it } from 'vitest';
import { DUE_TEXTS, dueLines, dueNotice, dueSummary } from './due-texts';

const NOW = new Date(2026, 11, 3, 10);

describe('the Scadenze SDI lines', () => {
  it('late items first, each with the list that fixes it, counts in Italian with singular and plural', () => {
    const lines = dueLines({ draftsLate: 1, draftsNear: 2, rejectedOpen: 3, rejectedLate: 1, buyersToTell: 1, ddtsToInvoice: 2 }, NOW);
    expect(lines.map((l) => [l.key, l.tone, l.target])).toEqual([
      ['draftsLate', 'late', 'drafts'],
      ['rejectedLate', 'late', 'outgoing'],
      ['rejectedOpen', 'near', 'outgoing'],
      ['draftsNear', 'near', 'drafts'],
      ['buyersToTell', 'near', 'outgoing'],
      ['ddtsToInvoice', 'near', 'ddt'],
    ]);
    expect(lines[0]?.text).toBe('1 bozza oltre i 12 giorni dall’operazione: va inviata subito allo SDI.');
    expect(lines[1]?.text).toBe('1 fattura scartata dallo SDI oltre i 5 giorni: va corretta e reinviata con un nuovo numero.');
    expect(lines[2]?.text).toBe('2 fatture scartate dallo SDI da correggere e reinviare entro 5 giorni dallo scarto, con lo stesso numero e la stessa data.');
    expect(lines[3]?.text).toBe('2 bozze da inviare allo SDI entro 3 giorni.');
    expect(lines[5]?.text).toBe('2 DDT di novembre senza fattura differita: da emettere entro il 15/12/2026.');
  });

  it("last month's DDTs turn late from the 10th, and after the 15th say the deadline passed (moved off a weekend)", () => {
    expect(dueLines({ ddtsToInvoice: 1 }, new Date(2026, 11, 10, 9))[0]?.tone).toBe('late');
    // 15 August 2027 is a Sunday and a holiday: the July DDTs are due Monday 16 August.
    expect(dueLines({ ddtsToInvoice: 1 }, new Date(2027, 7, 17, 9))[0]?.text).toBe('1 DDT di luglio senza fattura differita: la scadenza era il 16/08/2027.');
  });

  it('nothing due gives no line and no bell notice; unknown figures count as none', () => {
    expect(dueLines({}, NOW)).toEqual([]);
    expect(dueLines({ draftsLate: 0, rejectedOpen: 0 }, NOW)).toEqual([]);
    expect(dueNotice({})).toBeUndefined();
    expect(DUE_TEXTS.none).toMatch(/^Nessuna scadenza/);
  });

  it('the bell counts everything due and says how much is late', () => {
    expect(dueNotice({ draftsLate: 1, rejectedOpen: 2, rejectedLate: 1, ddtsToInvoice: 1 })).toBe('Scadenze SDI: 4 fatture da sistemare, 2 in ritardo. Apri la dashboard.');
    expect(dueNotice({ buyersToTell: 1 })).toBe('Scadenze SDI: 1 fattura da sistemare. Apri la dashboard.');
    expect(dueSummary({ rejectedOpen: 3, rejectedLate: 3 })).toBe('Scadenze SDI: 3 fatture da sistemare, 3 in ritardo.');
    expect(dueSummary({ draftsLate: 0 })).toBeUndefined();
  });
});
