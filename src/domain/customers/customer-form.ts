/**
 * The add/edit customer form (document 2 §2.3, §4.8): cleaning of the typed values and the checks shown as the
 * user types. Partita IVA and codice fiscale are checked with their checksums: for an Italian customer a wrong
 * one blocks the save (an invoice to it would be rejected), for a foreign customer it is only a warning.
 */
import { codiceFiscaleProblem, normalizeCodiceFiscale, normalizePartitaIva, partitaIvaProblem } from '../fiscal-ids';
import { CUSTOMER_FIELDS, type CustomerField, type CustomerValues } from './customer-fields';
import { isItalianCap, ITALIAN_CAP_MESSAGE } from '../validation/cap';

export interface FieldCheck {
  message: string;
  /** true: the form cannot be saved while it stands. */
  blocking: boolean;
}

export type FormChecks = Partial<Record<CustomerField | 'form', FieldCheck>>;

/** Province and nation: two letters, uppercase (document 2 §2.3). */
export function twoLetterInput(value: string): string {
  return value.replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase();
}

export function isItalian(values: Pick<CustomerValues, 'nation'>): boolean {
  const nation = values.nation.trim().toUpperCase();
  return nation === '' || nation === 'IT';
}

const VAT_MESSAGES = { formato: 'La P.IVA italiana ha 11 cifre.', checksum: 'P.IVA non valida: la cifra di controllo non corrisponde.' } as const;
const CF_MESSAGES = {
  formato: 'Il codice fiscale ha 16 caratteri (11 cifre per le società).',
  data: 'Codice fiscale non valido: la data di nascita non esiste.',
  checksum: 'Codice fiscale non valido: il carattere di controllo non corrisponde.',
} as const;

/** The checks of the form as it stands; an empty object means it can be saved without remarks. */
export function checkCustomerForm(values: CustomerValues): FormChecks {
  const checks: FormChecks = {};
  const italian = isItalian(values);
  const warn = (message: string): FieldCheck =>
    italian ? { message, blocking: true } : { message: `Attenzione (cliente estero): ${message}`, blocking: false };

  if (values.ragioneSociale.trim() === '' && values.name.trim() === '' && values.surname.trim() === '') {
    checks.form = { message: 'Inserisci la ragione sociale oppure nome e cognome.', blocking: true };
  }
  const vat = values.partitaIva.trim();
  if (vat !== '') {
    const problem = partitaIvaProblem(normalizePartitaIva(vat));
    if (problem === 'formato' || problem === 'checksum') checks.partitaIva = warn(VAT_MESSAGES[problem]);
  }
  const cf = values.codiceFiscale.trim();
  if (cf !== '') {
    const problem = codiceFiscaleProblem(normalizeCodiceFiscale(cf));
    if (problem === 'formato' || problem === 'data' || problem === 'checksum') checks.codiceFiscale = warn(CF_MESSAGES[problem]);
  }
  if (italian && values.cap.trim() !== '' && !isItalianCap(values.cap)) {
    checks.cap = { message: ITALIAN_CAP_MESSAGE, blocking: true };
  }
  const code = values.codiceDestinatario.trim();
  if (code !== '' && !/^[A-Za-z0-9]{6,7}$/.test(code)) {
    checks.codiceDestinatario = { message: 'Il codice destinatario ha 7 caratteri (6 per la Pubblica Amministrazione).', blocking: true };
  }
  for (const field of ['pec', 'email'] as const) {
    const mail = values[field].trim();
    if (mail !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)) checks[field] = { message: 'Indirizzo e-mail non valido.', blocking: true };
  }
  return checks;
}

export function hasBlockingCheck(checks: FormChecks): boolean {
  return Object.values(checks).some((c) => c.blocking);
}

/** The values as they are stored: trimmed, identities compacted and uppercased, codes uppercased. */
export function cleanCustomerValues(values: CustomerValues): CustomerValues {
  const out = Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, values[f].trim()])) as CustomerValues;
  out.partitaIva = out.partitaIva === '' ? '' : normalizePartitaIva(out.partitaIva);
  out.codiceFiscale = normalizeCodiceFiscale(out.codiceFiscale);
  out.codiceDestinatario = out.codiceDestinatario.toUpperCase();
  out.province = twoLetterInput(out.province);
  out.nation = twoLetterInput(out.nation);
  out.pec = out.pec.toLowerCase();
  out.email = out.email.toLowerCase();
  return out;
}
