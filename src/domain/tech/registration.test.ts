import { describe, expect, it } from 'vitest';
import { readPendingShops } from './pending-shops';
import { applyStepEdit, employeeRoleLevel, emptyRegistration, firstInvalidStep, MAX_EXTRA_PACKS, isValidPrinterIp, prefillFromPending, REGISTRATION_MESSAGES as M, subscriptionPeriod, subscriptionPrice, validateStep, withOwnerPin } from './registration';

const valid = () => {
  const f = emptyRegistration('Giorgio');
  return {
    ...f,
    email: 'a@b.it', password: '12345678', confirm: '12345678', planId: 'p',
    shop: { ...f.shop, name: 'N', address: 'A', city: 'C', province: 'P', zipCode: '20121', phone: '2' },
    employees: [{ name: 'R', surname: 'P', pin: '1', roleLevel: '10', roleName: 'Titolare' }],
  };
};

describe('registration steps', () => {
  it("an employee's role level is read by the one number parser: whole, 1 to 10", () => {
    expect(employeeRoleLevel({ roleLevel: '10' })).toBe(10);
    expect(employeeRoleLevel({ roleLevel: ' 3 ' })).toBe(3);
    for (const bad of ['0', '11', '1e1', '4O', '2,5', '', '-1', '0x5']) expect(employeeRoleLevel({ roleLevel: bad }), bad).toBeUndefined();
  });

  it('step messages of document 1 §5', () => {
    const f = emptyRegistration();
    expect(validateStep(0, { ...f, email: 'x', password: 'short', confirm: 'no' })).toEqual({ email: M.email, password: M.passwordLength, confirm: M.mismatch });
    expect(validateStep(1, f)).toEqual({ planId: 'Seleziona un piano di sottoscrizione' });
    expect(Object.keys(validateStep(2, f))).toHaveLength(6);
    expect(validateStep(2, { ...valid(), shop: { ...valid().shop, printerIp: '1.2.3' } })).toEqual({ 'shop.printerIp': 'Indirizzo IP stampante non valido' });
    for (const zipCode of ['1610', '161240', '16a24']) {
      expect(validateStep(2, { ...valid(), shop: { ...valid().shop, zipCode } })).toEqual({ 'shop.zipCode': 'Il CAP italiano ha 5 cifre.' });
    }
    expect(validateStep(2, { ...valid(), shop: { ...valid().shop, zipCode: ' 00184 ' } })).toEqual({});
    expect(validateStep(3, f)).toEqual({}); // default PIN 0000
    expect(validateStep(3, { ...f, tech: { ...f.tech, pin: '123' } })).toEqual({ 'tech.pin': 'Il PIN tecnico deve essere di 4 cifre' });
    expect(validateStep(4, { ...f, employees: [] })).toEqual({ employees: 'Deve esserci almeno un dipendente' });
    expect(validateStep(4, { ...valid(), employees: [{ name: 'a', surname: 'b', pin: '1', roleLevel: '11', roleName: 'x' }] })).toEqual({ 'employees.0.roleLevel': M.roleLevel });
    expect(firstInvalidStep(valid())).toBe(-1);
  });

  it('at most MAX_EXTRA_PACKS packs beyond the plan (the rules check each one, within their read budget)', () => {
    const packs = (n: number) => Array.from({ length: n }, (_, i) => `pack-${String(i)}`);
    expect(MAX_EXTRA_PACKS).toBe(6);
    expect(validateStep(1, { ...valid(), packIds: packs(6) })).toEqual({});
    expect(validateStep(1, { ...valid(), packIds: packs(7) })).toEqual({ packIds: M.tooManyPacks });
    expect(M.tooManyPacks).toMatch(/^Alla registrazione si possono aggiungere al massimo 6 pacchetti/);
  });

  it('the period is 3 calendar months: 89 to 92 days, as the rules accept', () => {
    for (const start of ['2026-01-31T10:00:00Z', '2026-07-01T10:00:00Z', '2026-08-01T10:00:00Z', '2026-11-30T10:00:00Z', '2028-11-30T10:00:00Z']) {
      const { startingDate, expiringDate } = subscriptionPeriod(new Date(start));
      const hours = (expiringDate.getTime() - startingDate.getTime()) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(89 * 24 - 2);
      expect(hours).toBeLessThanOrEqual(92 * 24 + 2);
    }
  });

  it('printer IP: four groups of 1 to 3 digits, as the spec states', () => {
    expect(isValidPrinterIp('192.168.1.50')).toBe(true);
    expect(isValidPrinterIp('192.168.1')).toBe(false);
    expect(isValidPrinterIp('a.b.c.d')).toBe(false);
  });

  it('prefills from a pending entry', () => {
    const [entry] = readPendingShops([{ contatti: { emailIscrizione: 'x@y.it' }, datiLocale: { nome: 'Bar', provincia: 'na' }, datiFiscaliLocale: { partitaIva: '07352910637' }, titolare: { nome: 'S', cognome: 'E', pin: '0420' } }]) ?? [];
    if (!entry) throw new Error('no entry');
    const f = prefillFromPending(emptyRegistration(), entry);
    expect(f.email).toBe('x@y.it');
    expect(f.shop).toMatchObject({ name: 'Bar', province: 'NA', partitaIva: '07352910637' });
    expect(f.employees).toEqual([{ name: 'S', surname: 'E', pin: '0420', roleLevel: '10', roleName: 'Titolare' }]);
  });

  it('the PIN the list leaves out fills the owner when the server gives it, never over what was typed', () => {
    const [listed] = readPendingShops([{ contatti: { emailIscrizione: 'x@y.it' }, datiLocale: { nome: 'Bar' }, titolare: { nome: 'S', cognome: 'E' } }]) ?? [];
    if (!listed) throw new Error('no entry');
    const f = prefillFromPending(emptyRegistration(), listed);
    expect(f.employees[0]?.pin).toBe('');
    expect(withOwnerPin(f, listed, '0420').employees[0]?.pin).toBe('0420');
    expect(withOwnerPin(f, listed, 'abc').employees[0]?.pin).toBe('');
    const typed = { ...f, employees: [{ ...f.employees[0]!, pin: '9999' }] };
    expect(withOwnerPin(typed, listed, '0420').employees[0]?.pin).toBe('9999');
    const other = { ...f, employees: [{ name: 'Altro', surname: 'X', pin: '', roleLevel: '1', roleName: '' }] };
    expect(withOwnerPin(other, listed, '0420').employees[0]?.pin).toBe('');
  });

  it('a keystroke that raced the PIN from the server keeps the PIN: the edit lands on the latest form', () => {
    const [listed] = readPendingShops([{ contatti: { emailIscrizione: 'x@y.it' }, datiLocale: { nome: 'Bar' }, titolare: { nome: 'S', cognome: 'E' } }]) ?? [];
    if (!listed) throw new Error('no entry');
    const rendered = prefillFromPending(emptyRegistration(), listed);
    const latest = withOwnerPin(rendered, listed, '0420');
    const typed = { ...rendered, shop: { ...rendered.shop, partitaIva: '12345678903' } };
    const merged = applyStepEdit(rendered, typed, latest);
    expect(merged.employees[0]?.pin).toBe('0420');
    expect(merged.shop.partitaIva).toBe('12345678903');
    expect(applyStepEdit(rendered, typed, rendered)).toBe(typed);
    const pinTyped = { ...rendered, employees: [{ ...rendered.employees[0]!, pin: '9999' }] };
    expect(applyStepEdit(rendered, pinTyped, latest).employees[0]?.pin).toBe('9999');
  });

  it('price: plan plus packs beyond it, exact; 3 months', () => {
    expect(subscriptionPrice({ id: 'p', price: 29.9, includedPacks: ['a'] }, ['a', 'b', 'c'], new Map([['a', 5], ['b', 0.1], ['c', 0.2]]))).toBe(30.2);
    const { startingDate, expiringDate } = subscriptionPeriod(new Date('2026-11-30T10:00:00'));
    expect(startingDate.toISOString()).toBe(new Date('2026-11-30T10:00:00').toISOString());
    expect(expiringDate.getMonth()).toBe(1); // 28 February 2027
  });
});
