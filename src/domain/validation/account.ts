/** Account field checks with the messages of document 1 §5. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const ACCOUNT_MESSAGES = {
  email: 'Inserisci un indirizzo email valido',
  passwordLength: 'La password deve contenere almeno 8 caratteri',
  mismatch: 'Le password non coincidono',
} as const;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

export interface NewAccountInput {
  email: string;
  password: string;
  confirm: string;
}

export type NewAccountErrors = Partial<Record<keyof NewAccountInput, string>>;

export function validateNewAccount({ email, password, confirm }: NewAccountInput, minLength = 8): NewAccountErrors {
  const errors: NewAccountErrors = {};
  if (!isValidEmail(email)) errors.email = ACCOUNT_MESSAGES.email;
  if (password.length < minLength) errors.password = ACCOUNT_MESSAGES.passwordLength;
  if (confirm !== password) errors.confirm = ACCOUNT_MESSAGES.mismatch;
  return errors;
}
