import { describe, expect, it } from 'vitest';
import { ddtCounterId, normalizeDdt, toFirestoreDdt } from './ddt';
import { storedCollection } from './test-seed';

describe('Ddt converter', () => {
  const notes = storedCollection('Ddt').map(({ id, raw }) => normalizeDdt(id, raw));

  it('reads the seeded notes in every state, with the counter apart', () => {
    // The accountant's demo month (seed/month-package.ts) numbers its two notes apart (11/90, 11/91).
    const real = notes.filter((d) => d.kind === 'ddt' && !d.id.startsWith('mese-'));
    expect(new Set(real.map((d) => d.state))).toEqual(new Set(['bozza', 'confermato', 'fatturato', 'annullato']));
    const counter = notes.find((d) => d.kind === 'counter');
    expect(counter?.last).toBe(Math.max(...real.map((d) => d.progressive ?? 0)));
    expect(counter?.id).toBe(ddtCounterId(counter?.userId ?? '', counter?.year ?? 0));
    expect(real.filter((d) => d.state !== 'bozza').every((d) => d.number === `11/${d.progressive}`)).toBe(true);
    expect(real.find((d) => d.transportBy === 'vettore')?.carrier?.name).toBeTruthy();
  });

  it('round-trips', () => {
    for (const d of notes) expect(normalizeDdt(d.id, toFirestoreDdt(d))).toEqual(d);
  });

  it('reads missing and odd values tolerantly', () => {
    const d = normalizeDdt('x', { userId: 'u', state: 'CONFERMATO', date: '2026-03-05T10:00:00Z', colli: '3', peso: '1,5', lines: [{ description: 'A', quantity: '2' }, 'junk'] });
    expect(d).toMatchObject({ state: 'confermato', year: 2026, colli: 3, peso: 1.5, transportBy: 'mittente', porto: 'franco', kind: 'ddt' });
    expect(d.lines).toEqual([{ productId: undefined, code: '', description: 'A', um: 'PZ', quantity: 2, unitPrice: undefined, vatRate: undefined, stockMoved: undefined }]);
    expect(normalizeDdt('y', { state: 'boh' }).state).toBe('bozza');
  });
});
