import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { employeeFullName, isTechnicianRecord, normalizeEmployee, technicianContact, toFirestoreEmployee } from './employee';
import { stored, storedCollection } from './test-seed';

const emp = (id: string) => normalizeEmployee(id, stored('Employe', id));

describe('Employe converter', () => {
  it('reads the backoffice-roles shop employees: one with PIN, one without', () => {
    expect(emp('emp-ruoli-giulia')).toMatchObject({ userId: A.roles.uid, name: 'Giulia', surname: 'Rossi', pin: '1234', roleLevel: 3, roleName: 'Cassiere' });
    const marco = emp('emp-ruoli-marco');
    expect(marco).toMatchObject({ name: 'Marco', surname: 'Bianchi', roleName: 'Magazziniere', pin: undefined });
    expect(employeeFullName(marco)).toBe('Marco Bianchi');
  });

  it('reads roleLevel stored as text or as a number, and an empty PIN as no PIN', () => {
    expect(typeof stored('Employe', 'emp-negozio-sara').roleLevel).toBe('number');
    expect(emp('emp-negozio-sara')).toMatchObject({ roleLevel: 2, pin: undefined });
    expect(normalizeEmployee('x', { roleLevel: 'capo' }).roleLevel).toBe(1);
    expect(normalizeEmployee('x', { pin: 1234 }).pin).toBe('1234');
  });

  it('reads the technician record (roleLevel 0, Tecnico, PIN 0000) in several shops', () => {
    const techs = storedCollection('Employe').map(({ id, raw }) => normalizeEmployee(id, raw)).filter(isTechnicianRecord);
    expect(techs.map((t) => t.userId).sort()).toEqual([A.owner.uid, A.fewPacks.uid, A.roles.uid, A.basePlan.uid].sort());
    for (const t of techs) expect(t).toMatchObject({ roleLevel: 0, roleName: 'Tecnico', pin: '0000', email: A.tech.email });
  });

  it('writes roleLevel as text and round-trips', () => {
    expect(toFirestoreEmployee(emp('emp-negozio-sara')).roleLevel).toBe('2');
    expect(toFirestoreEmployee(emp('emp-ruoli-tecnico')).roleLevel).toBe('0');
    for (const { id, raw } of storedCollection('Employe')) {
      const first = normalizeEmployee(id, raw);
      expect(normalizeEmployee(id, toFirestoreEmployee(first))).toEqual(first);
    }
  });
});

describe('the technician a shop can reach', () => {
  it("is the Base shop's own technician record, with the e-mail it was registered with", () => {
    const all = storedCollection('Employe').filter(({ raw }) => raw.userId === A.basePlan.uid).map(({ id, raw }) => normalizeEmployee(id, raw));
    expect(technicianContact(all)).toEqual({ name: 'Giorgio Fontana', email: A.tech.email });
  });

  it('skips a technician record nobody can reach and is undefined for a shop without one', () => {
    const mute = normalizeEmployee('t1', { userId: 's', name: 'Muto', roleLevel: '0', roleName: 'Tecnico' });
    const phone = normalizeEmployee('t2', { userId: 's', name: 'Ugo', roleLevel: 0, roleName: 'Tecnico', phone: '333 1234567' });
    const cashier = normalizeEmployee('e1', { userId: 's', name: 'Sara', roleLevel: '2', roleName: 'Cassiere', email: 'sara@x.it' });
    expect(technicianContact([mute, phone, cashier])).toEqual({ name: 'Ugo', phone: '333 1234567' });
    expect(technicianContact([mute, cashier])).toBeUndefined();
  });
});
