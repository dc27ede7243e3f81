import { describe, expect, it } from 'vitest';
import { ACCOUNTANT_MESSAGES, checkAccountantInput } from './accountant';
import { EMPLOYEE_FORM_MESSAGES, validateEmployeeForm, type EmployeeFormInput } from './employee-form';

const base: EmployeeFormInput = { name: ' Luca ', surname: ' Neri ', email: ' Luca@Esempio.IT ', roleLevel: '3', roleName: ' Commesso ', pin: '' };

describe('employee form', () => {
  it('trims, lowercases the email and reads the role level', () => {
    expect(validateEmployeeForm(base)).toEqual({
      ok: true,
      value: { name: 'Luca', surname: 'Neri', email: 'luca@esempio.it', roleLevel: 3, roleName: 'Commesso', pin: '' },
    });
  });
  it('accepts a PIN of 1 to 6 digits, or none', () => {
    for (const pin of ['', '0', '123456']) expect(validateEmployeeForm({ ...base, pin }).ok).toBe(true);
  });
  it('rejects bad PINs, levels, names and emails with their messages', () => {
    const bad = validateEmployeeForm({ name: ' ', surname: '', email: 'luca@', roleLevel: '11', roleName: '', pin: '12a' });
    expect(bad).toEqual({
      ok: false,
      errors: {
        name: EMPLOYEE_FORM_MESSAGES.name,
        roleName: EMPLOYEE_FORM_MESSAGES.roleName,
        roleLevel: EMPLOYEE_FORM_MESSAGES.roleLevel,
        pin: EMPLOYEE_FORM_MESSAGES.pin,
        email: EMPLOYEE_FORM_MESSAGES.email,
      },
    });
    for (const pin of ['1234567', ' 12 3', '-1']) expect(validateEmployeeForm({ ...base, pin }).ok).toBe(false);
    for (const roleLevel of ['0', '', '1.5', 'dieci']) expect(validateEmployeeForm({ ...base, roleLevel }).ok).toBe(false);
    expect(validateEmployeeForm({ ...base, roleLevel: '10' }).ok).toBe(true);
  });
});

describe('accountant input', () => {
  it('lowercases the email and keeps the password', () => {
    expect(checkAccountantInput('  Studio@Esempio.IT ', 'Segreta1')).toEqual({ ok: true, email: 'studio@esempio.it', password: 'Segreta1' });
  });
  it('requires both, a valid email and 6 characters', () => {
    expect(checkAccountantInput('', 'x')).toEqual({ ok: false, error: ACCOUNTANT_MESSAGES.required });
    expect(checkAccountantInput('a@b.it', '')).toEqual({ ok: false, error: ACCOUNTANT_MESSAGES.required });
    expect(checkAccountantInput('studio', '123456')).toEqual({ ok: false, error: ACCOUNTANT_MESSAGES.email });
    expect(checkAccountantInput('a@b.it', '12345')).toEqual({ ok: false, error: ACCOUNTANT_MESSAGES.passwordLength });
    expect(checkAccountantInput('a@b.it', '123456').ok).toBe(true);
  });
});
