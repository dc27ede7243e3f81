import { describe, expect, it } from 'vitest';
import { decidePack, grantOf, packAccess, packAccessMessage } from './pack-access';

const NOW = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const bundle = (expiringDate: Date | undefined, names: string[]) => ({ subscription: { expiringDate }, packs: names.map((name) => ({ name })) });

describe('packAccess (the decision the app and the functions share)', () => {
  it('allows a pack of a running subscription, by name (case, accents, containing)', () => {
    expect(packAccess(bundle(days(30), ['fatturazione']), 'Fatturazione', NOW)).toEqual({ allowed: true });
    expect(packAccess(bundle(days(30), ['Pacchetto FATTURAZIONE plus']), 'Fatturazione', NOW)).toEqual({ allowed: true });
    expect(packAccess(bundle(undefined, ['fatturazione']), 'Fatturazione', NOW)).toEqual({ allowed: true });
  });

  it('allows it during the 15-day grace after expiry', () => {
    expect(packAccess(bundle(days(-5), ['fatturazione']), 'Fatturazione', NOW)).toEqual({ allowed: true });
    expect(packAccess(bundle(new Date(days(-15).getTime() + 1000), ['fatturazione']), 'Fatturazione', NOW)).toEqual({ allowed: true });
  });

  it('refuses it once the grace is over, with the expiry message', () => {
    expect(packAccess(bundle(days(-15), ['fatturazione']), 'Fatturazione', NOW)).toEqual({
      allowed: false,
      reason: 'blocked',
      message: 'Il pacchetto Fatturazione non è attivo per questo negozio: abbonamento scaduto. Rinnovalo per riattivare i pacchetti.',
    });
    expect(packAccess(bundle(days(-40), ['fatturazione', 'Catena']), 'Catena', NOW)).toMatchObject({ allowed: false, reason: 'blocked' });
  });

  it('refuses a pack the subscription does not include', () => {
    expect(packAccess(bundle(days(30), ['magazzino', 'fattura']), 'Fatturazione', NOW)).toEqual({
      allowed: false,
      reason: 'no-pack',
      message: "Il pacchetto Fatturazione non è attivo per questo negozio: il pacchetto non è incluso nell'abbonamento.",
    });
    expect(packAccess(bundle(days(30), []), 'Fatturazione', NOW)).toMatchObject({ reason: 'no-pack' });
  });

  it('refuses everything without a subscription', () => {
    expect(packAccess(undefined, 'Fatturazione', NOW)).toEqual({ allowed: false, reason: 'no-subscription', message: packAccessMessage('Fatturazione', 'no-subscription') });
    expect(packAccessMessage('Fatturazione', 'no-subscription')).toBe('Il pacchetto Fatturazione non è attivo per questo negozio: nessun abbonamento attivo.');
  });

  it('decides on a grant the same as on the bundle it came from', () => {
    for (const expiry of [days(10), days(-3), days(-20), undefined]) {
      for (const names of [['fatturazione'], ['magazzino'], []]) {
        const b = bundle(expiry, names);
        expect(decidePack(grantOf(b, NOW), 'Fatturazione')).toEqual(packAccess(b, 'Fatturazione', NOW));
      }
    }
  });
});
