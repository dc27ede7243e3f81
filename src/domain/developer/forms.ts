/**
 * Validation of the developer dashboard's forms (document 3 §5): announcement, plan and pack, technician.
 */
import { cmp, decimalToCents, round } from '../money/decimal';
import { centsToEuro } from '../money/money';
import { parseNumberText } from '../numbers/parse-number';
import { PASSWORD_LENGTH_MESSAGE, passwordLengthError } from '../validation/account';

export const ANNOUNCEMENT_EMPTY = "La descrizione dell'annuncio non può essere vuota.";
export const ANNOUNCEMENT_CLOSE_MS = 600;

/** The optional expiry of an announcement: empty or an invalid date means none. */
export function parseExpiry(value: string): Date | undefined {
  if (value.trim() === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface CatalogInput {
  name: string;
  price: string;
  description: string;
}

export type CatalogResult = { ok: true; value: { name: string; price: number; description: string } } | { ok: false; errors: Partial<Record<'name' | 'price', string>> };

/** Plan and pack: name required (trimmed); price a number, at least 0, step 0.01; description optional. */
export function validateCatalogInput(input: CatalogInput): CatalogResult {
  const errors: Partial<Record<'name' | 'price', string>> = {};
  const name = input.name.trim();
  if (name === '') errors.name = 'Il nome è obbligatorio.';
  const parsed = parseNumberText(input.price, { field: 'Prezzo', allowNegative: true });
  if (!parsed.ok) errors.price = input.price.trim() === '' ? 'Il prezzo deve essere un numero.' : parsed.error;
  else if (parsed.value < 0) errors.price = 'Il prezzo non può essere negativo.';
  else if (cmp(round(parsed.decimal, 2), parsed.decimal) !== 0) errors.price = 'Il prezzo può avere al massimo due decimali.';
  if (!parsed.ok || errors.name || errors.price) return { ok: false, errors };
  return { ok: true, value: { name, price: centsToEuro(decimalToCents(parsed.decimal)), description: input.description.trim() } };
}

export const TECH_REQUIRED = 'Email e password sono obbligatorie';
export const TECH_SHORT_PASSWORD = PASSWORD_LENGTH_MESSAGE.other;
export const TECH_EMAIL_IN_USE = 'Questa email è già registrata.';
export const TECH_NO_UID = 'Creazione utente fallita.';
export const TECH_FAILED = 'Errore durante la creazione del tecnico';

/** Technician create: both required; the email trimmed and lowercased; password at least 6 characters. */
export function validateTechnicianInput(email: string, password: string): { ok: true; email: string } | { ok: false; error: string } {
  const normalized = email.trim().toLowerCase();
  if (normalized === '' || password === '') return { ok: false, error: TECH_REQUIRED };
  if (passwordLengthError(password, 'other')) return { ok: false, error: TECH_SHORT_PASSWORD };
  return { ok: true, email: normalized };
}
