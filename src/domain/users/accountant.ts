/**
 * Accountant registration (document 3 §5 "Accountant registration", §8 "Accountant"): messages and the checks
 * made before any call.
 */
import { isValidEmail, PASSWORD_LENGTH_MESSAGE, passwordLengthError } from '@/domain/validation/account';

export const ACCOUNTANT_MESSAGES = {
  required: 'Email e password sono obbligatorie.',
  email: 'Inserisci un indirizzo email valido',
  passwordLength: PASSWORD_LENGTH_MESSAGE.other,
  authOnly: 'Questa email è già registrata in Auth ma non in Firestore. Contattare supporto.',
  noShop: "Documento Shop non trovato per l'utente corrente.",
  alreadyLinked: 'Questo commercialista è già associato a questo negozio.',
  // Not in the spec: an existing account of another level (an owner, a technician) cannot become an accountant here.
  notAccountant: 'Questa email appartiene a un account che non è un commercialista: non può essere associata come commercialista.',
  success: 'Commercialista registrato o aggiornato con successo!',
  // Not in the spec: the accountant's consent (their own link to the shop) is what shows their profile to the owner.
  pending: 'invito in attesa: il commercialista non ha ancora accettato questo negozio. Registralo di nuovo con la sua email e password per completare.',
  failurePrefix: 'Errore durante la registrazione: ',
} as const;

export type AccountantInput = { ok: true; email: string; password: string } | { ok: false; error: string };

/** Email lowercased and trimmed; password kept as typed (document 3 §5). */
export function checkAccountantInput(email: string, password: string): AccountantInput {
  const normalized = email.trim().toLowerCase();
  if (!normalized || !password) return { ok: false, error: ACCOUNTANT_MESSAGES.required };
  if (!isValidEmail(normalized)) return { ok: false, error: ACCOUNTANT_MESSAGES.email };
  if (passwordLengthError(password, 'other')) return { ok: false, error: ACCOUNTANT_MESSAGES.passwordLength };
  return { ok: true, email: normalized, password };
}
