/**
 * The employee form of /users (document 3 §3 "Employee", §5 "Employee PIN"): name and role
 * name required, role level 1–10, optional PIN of up to 6 digits, optional email.
 */
import { isValidEmail } from '@/domain/validation/account';

export const ROLE_LEVEL_MIN = 1;
export const ROLE_LEVEL_MAX = 10;
export const PIN_MAX_DIGITS = 6;

export interface EmployeeFormInput {
  name: string;
  surname: string;
  email: string;
  roleLevel: string;
  roleName: string;
  pin: string;
}

export interface EmployeeFormValue {
  name: string;
  surname: string;
  email: string;
  roleLevel: number;
  roleName: string;
  /** '' when the employee has no PIN (the POS app's "no PIN"). */
  pin: string;
}

export type EmployeeFormErrors = Partial<Record<keyof EmployeeFormInput, string>>;

export const EMPLOYEE_FORM_MESSAGES = {
  name: 'Il nome è obbligatorio.',
  roleName: 'Il nome del ruolo è obbligatorio.',
  roleLevel: 'Il livello del ruolo va da 1 a 10.',
  pin: 'Il PIN può contenere solo cifre, al massimo 6.',
  email: 'Inserisci un indirizzo email valido',
} as const;

export function validateEmployeeForm(input: EmployeeFormInput): { ok: true; value: EmployeeFormValue } | { ok: false; errors: EmployeeFormErrors } {
  const errors: EmployeeFormErrors = {};
  const name = input.name.trim();
  const roleName = input.roleName.trim();
  const email = input.email.trim().toLowerCase();
  const pin = input.pin.trim();
  const level = /^\d+$/.test(input.roleLevel.trim()) ? Number(input.roleLevel.trim()) : NaN;
  if (!name) errors.name = EMPLOYEE_FORM_MESSAGES.name;
  if (!roleName) errors.roleName = EMPLOYEE_FORM_MESSAGES.roleName;
  if (!(level >= ROLE_LEVEL_MIN && level <= ROLE_LEVEL_MAX)) errors.roleLevel = EMPLOYEE_FORM_MESSAGES.roleLevel;
  if (!new RegExp(`^\\d{0,${String(PIN_MAX_DIGITS)}}$`).test(pin)) errors.pin = EMPLOYEE_FORM_MESSAGES.pin;
  if (email && !isValidEmail(email)) errors.email = EMPLOYEE_FORM_MESSAGES.email;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name, surname: input.surname.trim(), email, roleLevel: level, roleName, pin } };
}
