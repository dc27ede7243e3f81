/**
 * Pure helpers of the employee choice (document 3 §2.7, §4, §5): order, role label, initials and the PIN rules.
 */
import { employeeFullName, isTechnicianRecord, type Employee } from '@/data/employee';

export type EmployeeCardData = Pick<Employee, 'id' | 'name' | 'surname' | 'roleLevel' | 'roleName' | 'pin'>;

export const WRONG_PIN = 'PIN errato. Riprova.';
/** After 5 wrong PINs in a row the server locks the employee for 5 minutes (functions/src/employees.ts). */
export const PIN_LOCKED = 'Troppi tentativi con il PIN errato: riprova tra qualche minuto.';
export const PIN_MAX_LENGTH = 6;

/** The role shown on a card and stamped on log entries: roleName, else 'Livello N' (document 3 §6). */
export function employeeRoleLabel(e: Pick<Employee, 'roleName' | 'roleLevel'>): string {
  return e.roleName.trim() || `Livello ${e.roleLevel}`;
}

export function employeeDisplayName(e: Pick<Employee, 'name' | 'surname' | 'id'>): string {
  return employeeFullName({ name: e.name.trim(), surname: e.surname?.trim() }) || e.id;
}

/** 'Giulia Rossi' → 'GR'; a single name gives one letter; '?' when nothing is left. */
export function employeeInitials(e: Pick<Employee, 'name' | 'surname'>): string {
  const first = (s: string | undefined) => [...(s ?? '').trim()][0] ?? '';
  const initials = `${first(e.name)}${first(e.surname)}`.toLocaleUpperCase('it');
  return initials || '?';
}

/** Everyone, by full name; the technician's own record (roleLevel 0 / 'Tecnico') goes last. */
export function sortEmployees<E extends EmployeeCardData>(employees: readonly E[]): E[] {
  return [...employees].sort((a, b) => {
    const techDiff = (isTechnicianRecord(a) ? 1 : 0) - (isTechnicianRecord(b) ? 1 : 0);
    if (techDiff !== 0) return techDiff;
    return employeeDisplayName(a).localeCompare(employeeDisplayName(b), 'it', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
  });
}

/** The stored PIN as text, trimmed; undefined when the employee has none. */
export function storedPin(pin: string | number | null | undefined): string | undefined {
  if (pin === null || pin === undefined) return undefined;
  const text = String(pin).trim();
  return text === '' ? undefined : text;
}

export function hasPin(e: Pick<Employee, 'pin'>): boolean {
  return storedPin(e.pin) !== undefined;
}

/** Keeps what the user typed only when it is digits, at most 6 (document 3 §5); otherwise keeps the previous value. */
export function acceptPinInput(previous: string, typed: string): string {
  if (!/^\d*$/.test(typed)) return previous;
  return typed.slice(0, PIN_MAX_LENGTH);
}

/** String comparison after trimming both sides: a PIN stored as the number 1234 matches '1234'. */
export function pinMatches(stored: string | number | null | undefined, entered: string): boolean {
  const expected = storedPin(stored);
  return expected !== undefined && expected === entered.trim();
}
