import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { employeeFullName, isTechnicianRecord, normalizeEmployee, toFirestoreEmployee } from './employee';
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
