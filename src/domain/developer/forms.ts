/**
 * Validation of the developer dashboard's forms (document 3 §5): announcement, plan and pack, technician.
 */
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
  const priceText = input.price.trim().replace(',', '.');
  const price = Number(priceText);
  if (priceText === '' || !Number.isFinite(price)) errors.price = 'Il prezzo deve essere un numero.';
  else if (price < 0) errors.price = 'Il prezzo non può essere negativo.';
  else if (Math.abs(Math.round(price * 100) - price * 100) > 1e-6) errors.price = 'Il prezzo può avere al massimo due decimali.';
  if (errors.name || errors.price) return { ok: false, errors };
  return { ok: true, value: { name, price: Math.round(price * 100) / 100, description: input.description.trim() } };
}

export const TECH_REQUIRED = 'Email e password sono obbligatorie';
export const TECH_SHORT_PASSWORD = 'La password deve contenere almeno 6 caratteri.';
export const TECH_EMAIL_IN_USE = 'Questa email è già registrata.';
export const TECH_NO_UID = 'Creazione utente fallita.';
export const TECH_FAILED = 'Errore durante la creazione del tecnico';

/** Technician create: both required; the email trimmed and lowercased; password at least 6 characters. */
export function validateTechnicianInput(email: string, password: string): { ok: true; email: string } | { ok: false; error: string } {
  const normalized = email.trim().toLowerCase();
  if (normalized === '' || password === '') return { ok: false, error: TECH_REQUIRED };
  if (password.length < 6) return { ok: false, error: TECH_SHORT_PASSWORD };
  return { ok: true, email: normalized };
}
