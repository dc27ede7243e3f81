import { describe, expect, it } from 'vitest';
import { isValidEmail, PASSWORD_MIN, passwordHint, passwordLengthError, validateNewAccount } from './account';

describe('validateNewAccount', () => {
  it('accepts a valid account', () => {
    expect(validateNewAccount({ email: 'mario.rossi@esempio.it', password: 'abcdefgh', confirm: 'abcdefgh' })).toEqual({});
  });
  it('reports each problem with the spec text', () => {
    expect(validateNewAccount({ email: 'mario', password: 'corta', confirm: 'diversa' })).toEqual({
      email: 'Inserisci un indirizzo email valido',
      password: 'La password deve contenere almeno 8 caratteri',
      confirm: 'Le password non coincidono',
    });
  });
  it('recognises emails', () => {
    expect(isValidEmail(' a@b.it ')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.it')).toBe(false);
  });
});

describe('password rules (one home for every screen)', () => {
  it('a new shop account needs 8 characters, with the spec text', () => {
    expect(PASSWORD_MIN['new-account']).toBe(8);
    expect(passwordLengthError('abcdefg', 'new-account')).toBe('La password deve contenere almeno 8 caratteri');
    expect(passwordLengthError('abcdefgh', 'new-account')).toBeUndefined();
  });
  it('every other password needs 6, with its hint', () => {
    expect(passwordLengthError('abcde', 'other')).toBe('La password deve contenere almeno 6 caratteri.');
    expect(passwordLengthError('abcdef', 'other')).toBeUndefined();
    expect(passwordHint('other')).toBe('Minimo 6 caratteri');
  });
});
