import { describe, expect, it } from 'vitest';
import { parseExpiry, TECH_REQUIRED, TECH_SHORT_PASSWORD, validateCatalogInput, validateTechnicianInput } from './forms';

describe('announcement expiry', () => {
  it('empty or invalid means none', () => {
    expect(parseExpiry('')).toBeUndefined();
    expect(parseExpiry('not a date')).toBeUndefined();
    expect(parseExpiry('2026-05-01T10:00')?.getFullYear()).toBe(2026);
  });
});

describe('plan and pack input', () => {
  it('trims the name, reads the price (comma too), keeps the description optional', () => {
    expect(validateCatalogInput({ name: '  Plus ', price: '39,9', description: '' })).toEqual({ ok: true, value: { name: 'Plus', price: 39.9, description: '' } });
    expect(validateCatalogInput({ name: 'Zero', price: '0', description: ' x ' })).toEqual({ ok: true, value: { name: 'Zero', price: 0, description: 'x' } });
  });
  it('refuses an empty name, a negative price, more than 2 decimals, text', () => {
    expect(validateCatalogInput({ name: ' ', price: '1', description: '' })).toMatchObject({ ok: false, errors: { name: 'Il nome è obbligatorio.' } });
    expect(validateCatalogInput({ name: 'a', price: '-1', description: '' })).toMatchObject({ ok: false, errors: { price: 'Il prezzo non può essere negativo.' } });
    expect(validateCatalogInput({ name: 'a', price: '1,005', description: '' })).toMatchObject({ ok: false, errors: { price: 'Il prezzo può avere al massimo due decimali.' } });
    expect(validateCatalogInput({ name: 'a', price: '1.005', description: '' })).toMatchObject({ ok: true, value: { price: 1005 } });
    expect(validateCatalogInput({ name: 'a', price: '1e3', description: '' })).toMatchObject({ ok: false });
    expect(validateCatalogInput({ name: 'a', price: 'abc', description: '' })).toMatchObject({ ok: false });
    expect(validateCatalogInput({ name: 'a', price: '', description: '' })).toMatchObject({ ok: false });
  });
});

describe('technician input', () => {
  it('trims and lowercases the email; both required; password of 6 or more', () => {
    expect(validateTechnicianInput('  Mario.Rossi@Demo.IT ', 'segreta')).toEqual({ ok: true, email: 'mario.rossi@demo.it' });
    expect(validateTechnicianInput('', 'segreta')).toEqual({ ok: false, error: TECH_REQUIRED });
    expect(validateTechnicianInput('a@b.it', '')).toEqual({ ok: false, error: TECH_REQUIRED });
    expect(validateTechnicianInput('a@b.it', '12345')).toEqual({ ok: false, error: TECH_SHORT_PASSWORD });
  });
});
