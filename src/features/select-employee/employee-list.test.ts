import { describe, expect, it } from 'vitest';
import { acceptPinInput, employeeDisplayName, employeeInitials, employeeRoleLabel, hasPin, pinMatches, sortEmployees, type EmployeeCardData } from './employee-list';

const emp = (id: string, name: string, surname: string | undefined, roleLevel: number, roleName: string, pin?: string): EmployeeCardData => ({
  id,
  name,
  surname,
  roleLevel,
  roleName,
  pin,
});

describe('sortEmployees', () => {
  it('orders by full name and puts the technician record last', () => {
    const sorted = sortEmployees([
      emp('t', 'Anna', 'Tecnica', 0, 'Tecnico'),
      emp('m', 'Marco', 'Bianchi', 2, 'Cassiere'),
      emp('g', 'giulia', 'Rossi', 5, ''),
      emp('x', 'Aldo', 'Verdi', 3, 'tecnico'),
      emp('b', 'Bruno', undefined, 1, 'Magazziniere'),
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['b', 'g', 'm', 'x', 't']);
  });
  it('does not change the input array', () => {
    const input = [emp('b', 'B', undefined, 1, ''), emp('a', 'A', undefined, 1, '')];
    sortEmployees(input);
    expect(input.map((e) => e.id)).toEqual(['b', 'a']);
  });
});

describe('labels', () => {
  it('shows roleName, else Livello N', () => {
    expect(employeeRoleLabel({ roleName: ' Responsabile ', roleLevel: 4 })).toBe('Responsabile');
    expect(employeeRoleLabel({ roleName: '', roleLevel: 4 })).toBe('Livello 4');
  });
  it('builds names and initials', () => {
    expect(employeeDisplayName({ id: 'e1', name: 'Giulia', surname: 'Rossi' })).toBe('Giulia Rossi');
    expect(employeeDisplayName({ id: 'e1', name: '', surname: undefined })).toBe('e1');
    expect(employeeInitials({ name: 'giulia', surname: 'rossi' })).toBe('GR');
    expect(employeeInitials({ name: 'Marco', surname: undefined })).toBe('M');
    expect(employeeInitials({ name: ' ', surname: '' })).toBe('?');
  });
});

describe('PIN', () => {
  it('knows who has a PIN', () => {
    expect(hasPin({ pin: '1234' })).toBe(true);
    expect(hasPin({ pin: '  ' })).toBe(false);
    expect(hasPin({ pin: undefined })).toBe(false);
  });
  it('accepts digits only, up to 6', () => {
    expect(acceptPinInput('12', '123')).toBe('123');
    expect(acceptPinInput('12', '12a')).toBe('12');
    expect(acceptPinInput('12', '12 ')).toBe('12');
    expect(acceptPinInput('123456', '1234567')).toBe('123456');
    expect(acceptPinInput('1', '')).toBe('');
  });
  it('compares as trimmed strings, stored as text or number', () => {
    expect(pinMatches('1234', '1234')).toBe(true);
    expect(pinMatches(' 1234 ', '1234')).toBe(true);
    expect(pinMatches(1234, '1234')).toBe(true);
    expect(pinMatches('1234', '9999')).toBe(false);
    expect(pinMatches('1234', '12345')).toBe(false);
    expect(pinMatches('0012', '12')).toBe(false);
    expect(pinMatches(undefined, '')).toBe(false);
    expect(pinMatches('', '')).toBe(false);
  });
});
