import { describe, expect, it } from 'vitest';
import { isManagedBy, splitTechShops } from './managed-shops';
import { PENDING_FORMAT_ERROR, pendingEntryForRegistration, pendingShopKey, pendingShopsForCaller, pendingShopsForTech, readPendingShops } from './pending-shops';
import { NO_SUBSCRIPTION, subscriptionBadge } from './subscription-badge';

const entry = (emailTecnico: string, nome = 'Negozio') => ({
  contatti: { emailIscrizione: `${nome}@x.it`, emailTecnico, emailInstallatore: '' },
  datiLocale: { nome, indirizzo: 'Via 1', citta: 'Roma', provincia: 'RM', cap: '00100', telefono: '06' },
  datiFiscaliLocale: { partitaIva: '04821730159' },
  titolare: { codiceFiscale: '', nome: 'A', cognome: 'B', cellulare: '', pin: '0420' },
  timestamp: '2026-05-04T09:12:33.000Z',
});

describe('pending shops', () => {
  it('reads an array, leniently, and refuses anything else', () => {
    expect(readPendingShops({ data: [] })).toBeUndefined();
    expect(readPendingShops(null)).toBeUndefined();
    expect(PENDING_FORMAT_ERROR).toBe('Formato dati non valido dalla Cloud Function.');
    const [first] = readPendingShops([{ datiLocale: { nome: ' Bar ', cap: 20121 } }, 'junk']) ?? [];
    expect(first?.datiLocale.nome).toBe('Bar');
    expect(first?.datiLocale.cap).toBe('20121');
    expect(first?.contatti.emailTecnico).toBe('');
    expect(readPendingShops([entry('')])?.[0]?.titolare.pin).toBe('0420');
  });
  it('shows entries naming no technician or this one (case-insensitive)', () => {
    const list = [entry('', 'a'), entry('Tecnico@Demo.it', 'b'), entry('altro@x.it', 'c')];
    expect(pendingShopsForTech(list, 'tecnico@demo.it').map((e) => e.datiLocale.nome)).toEqual(['a', 'b']);
    expect(pendingShopsForTech(list, undefined).map((e) => e.datiLocale.nome)).toEqual(['a']);
  });
  it('the server list: filtered for a technician, everything for an admin, never the PIN', () => {
    const list = [entry('', 'a'), entry('Tecnico@Demo.it', 'b'), entry('altro@x.it', 'c')];
    const forTech = pendingShopsForCaller(list, { email: 'tecnico@demo.it', admin: false });
    expect(forTech.map((e) => e.datiLocale.nome)).toEqual(['a', 'b']);
    expect(pendingShopsForCaller(list, { email: 'admin@x.it', admin: true }).map((e) => e.datiLocale.nome)).toEqual(['a', 'b', 'c']);
    for (const e of [...forTech, ...pendingShopsForCaller(list, { email: undefined, admin: true })]) expect('pin' in e.titolare).toBe(false);
    expect(list[1]?.titolare.pin).toBe('0420');
  });
  it('one entry with its PIN only for a technician who may register it', () => {
    const list = [entry('', 'a'), entry('tecnico@demo.it', 'b'), entry('altro@x.it', 'c')];
    const key = (i: number) => pendingShopKey(list[i]!);
    expect(pendingEntryForRegistration(list, key(1), 'TECNICO@demo.it')?.titolare.pin).toBe('0420');
    expect(pendingEntryForRegistration(list, key(0), 'chiunque@x.it')?.datiLocale.nome).toBe('a');
    expect(pendingEntryForRegistration(list, key(2), 'tecnico@demo.it')).toBeUndefined();
    expect(pendingEntryForRegistration(list, 'nessuna', 'tecnico@demo.it')).toBeUndefined();
  });
});

describe('managed shops', () => {
  const shop = (id: string, extra: Partial<{ userId: string; technicians: string[]; assignedTech: string }> = {}) => ({
    id, name: id, userId: extra.userId ?? id, technicians: extra.technicians ?? [], assignedTech: extra.assignedTech,
  });
  it('owner, listed technician or assigned technician', () => {
    expect(isManagedBy(shop('t'), 't')).toBe(true);
    expect(isManagedBy(shop('a', { technicians: ['t'] }), 't')).toBe(true);
    expect(isManagedBy(shop('a', { assignedTech: 't' }), 't')).toBe(true);
    expect(isManagedBy(shop('a', { technicians: ['x'] }), 't')).toBe(false);
  });
  it('splits, deduplicates and sorts', () => {
    const { managed, others } = splitTechShops([shop('b', { technicians: ['t'] }), shop('a', { assignedTech: 't' }), shop('b', { technicians: ['t'] }), shop('z')], 't');
    expect(managed.map((s) => s.id)).toEqual(['a', 'b']);
    expect(others.map((s) => s.id)).toEqual(['z']);
  });
});

describe('subscription badge', () => {
  const now = new Date('2026-06-10T10:00:00');
  it('covers none, active, warning, grace and expired', () => {
    expect(subscriptionBadge(undefined, false, now)).toEqual({ tone: 'none', text: NO_SUBSCRIPTION });
    expect(subscriptionBadge(new Date('2026-09-10T10:00:00'), true, now)).toEqual({ tone: 'ok', text: 'Attivo fino al 10/09/2026' });
    expect(subscriptionBadge(new Date('2026-06-15T10:00:00'), true, now)).toEqual({ tone: 'warning', text: 'Scade tra 5 giorni (15/06/2026)' });
    expect(subscriptionBadge(new Date('2026-06-05T10:00:00'), true, now).text).toBe('Scaduto il 05/06/2026 (tolleranza: 10 giorni)');
    expect(subscriptionBadge(new Date('2026-04-05T10:00:00'), true, now)).toEqual({ tone: 'expired', text: 'Scaduto il 05/04/2026' });
  });
  it('one day is said in the singular', () => {
    expect(subscriptionBadge(new Date('2026-06-11T10:00:00'), true, now).text).toBe('Scade tra 1 giorno (11/06/2026)');
    expect(subscriptionBadge(new Date('2026-05-27T10:00:00'), true, now).text).toBe('Scaduto il 27/05/2026 (tolleranza: 1 giorno)');
  });
});

describe('devices', async () => {
  const { relativeTime, modelClass, pingPort } = await import('./devices');
  it('relative time', () => {
    const now = new Date('2026-06-10T10:00:00');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(relativeTime(ago(30_000), now)).toBe('ora');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5m fa');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3h fa');
    expect(relativeTime(ago(2 * 86_400_000), now)).toBe('2g fa');
    expect(relativeTime(ago(9 * 86_400_000), now)).toBe('01/06');
    expect(relativeTime(undefined, now)).toBe('—');
  });
  it('model class and port', () => {
    expect(modelClass('iPad13,8', 'iPad Pro cassa')).toBe('Pro');
    expect(modelClass('iPad Air')).toBe('Air');
    expect(modelClass('iPad mini')).toBe('Mini');
    expect(modelClass('iPad')).toBe('iPad');
    expect(pingPort('')).toBe(80);
    expect(pingPort('0')).toBe(80);
    expect(pingPort('9100')).toBe(9100);
  });
});
