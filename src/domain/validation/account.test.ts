import { describe, expect, it } from 'vitest';
import { isValidEmail, validateNewAccount } from './account';

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
