/** Account field checks with the messages of document 1 §5. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The password rules, the one home of every screen's minimum. The specification has two: a new shop account
 * (/register and step 1 of the technician's registration wizard, document 1 §5) needs 8 characters, with the
 * message it gives; every other password — the owner's and the technician's change, a new technician, a new
 * accountant (document 1 §5, document 3 §5, §9 'Passwords: minimum 6') — needs 6, the authentication service's own
 * minimum.
 */
export type PasswordRule = 'new-account' | 'other';
export const PASSWORD_MIN: Readonly<Record<PasswordRule, number>> = { 'new-account': 8, other: 6 };
export const PASSWORD_LENGTH_MESSAGE: Readonly<Record<PasswordRule, string>> = {
  'new-account': `La password deve contenere almeno ${String(PASSWORD_MIN['new-account'])} caratteri`,
  other: `La password deve contenere almeno ${String(PASSWORD_MIN.other)} caratteri.`,
};

/** The hint under a password field ('Minimo 6 caratteri'). */
export function passwordHint(rule: PasswordRule): string {
  return `Minimo ${String(PASSWORD_MIN[rule])} caratteri`;
}

/** The rule's message when the password is too short, else undefined. */
export function passwordLengthError(password: string, rule: PasswordRule): string | undefined {
  return password.length < PASSWORD_MIN[rule] ? PASSWORD_LENGTH_MESSAGE[rule] : undefined;
}

export const ACCOUNT_MESSAGES = {
  email: 'Inserisci un indirizzo email valido',
  passwordLength: PASSWORD_LENGTH_MESSAGE['new-account'],
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

export function validateNewAccount({ email, password, confirm }: NewAccountInput): NewAccountErrors {
  const errors: NewAccountErrors = {};
  if (!isValidEmail(email)) errors.email = ACCOUNT_MESSAGES.email;
  const short = passwordLengthError(password, 'new-account');
  if (short) errors.password = short;
  if (confirm !== password) errors.confirm = ACCOUNT_MESSAGES.mismatch;
  return errors;
}
