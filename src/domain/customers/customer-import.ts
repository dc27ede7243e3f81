/**
 * CSV import of customers (document 2 §5 'CSV import'): mapping, row cleaning (swaps, optional normalisation),
 * skip rules, duplicates against the directory and inside the files, and the stable document id that makes an
 * interrupted import safe to run again. Pure: the screen parses the files with the CSV module and writes the plan.
 */
import { guessMapping, mappedValue, type ColumnMapping, type SourceRow } from '../csv/column-mapping';
import { isValidPartitaIva } from '../fiscal-ids';
import { checkCustomerForm } from './customer-form';
import { CUSTOMER_FIELD_LABELS, CUSTOMER_FIELDS, customerOwnName, fiscalKeys, type CustomerField, type CustomerLike, type CustomerValues } from './customer-fields';

export const CSV_PREVIEW_ROWS = 5;
export const CSV_IMPORT_CHUNK = 25;

export const MAPPING_INCOMPLETE = 'Mapping incompleto - Devi mappare almeno Ragione Sociale/Nome/Cognome e CF/P.IVA';
export const MAPPING_REQUIRED = 'Mappa almeno i campi obbligatori prima di importare';
export const NO_FILE = 'Seleziona almeno un file CSV';

export type CustomerMapping = ColumnMapping<CustomerField>;

/** Header spellings seen in Italian address books, accounting exports and e-commerce exports. */
export const CUSTOMER_HEADER_SPELLINGS: Record<CustomerField, readonly string[]> = {
  ragioneSociale: ['Ragione Sociale', 'Ragione sociale / Denominazione', 'Denominazione', 'Azienda', 'Società', 'Ditta', 'Company', 'Company name', 'Intestazione'],
  name: ['Nome', 'First name', 'Name'],
  surname: ['Cognome', 'Last name', 'Surname'],
  partitaIva: ['P.IVA', 'P. IVA', 'PIVA', 'Partita IVA', 'Part. IVA', 'Part IVA', 'P.I.', 'VAT', 'VAT number', 'Partita IVA cliente'],
  codiceFiscale: ['Codice Fiscale', 'C.F.', 'CF', 'Cod. Fiscale', 'Cod Fiscale', 'Codice fiscale cliente', 'Tax code', 'Fiscal code'],
  pec: ['PEC', 'E-mail PEC', 'Email PEC', 'Indirizzo PEC', 'Posta certificata', 'Posta elettronica certificata'],
  codiceDestinatario: ['Codice Destinatario', 'SDI', 'Codice SDI', 'SDI/Codice Destinatario', 'Cod. Destinatario', 'Codice Univoco', 'Codice univoco ufficio', 'Recipient code'],
  address: ['Indirizzo', 'Via', 'Indirizzo sede legale', 'Sede legale', 'Address'],
  cap: ['CAP', 'C.A.P.', 'Codice postale', 'ZIP', 'Zip code', 'Postcode'],
  city: ['Città', 'Comune', 'Città/Comune', 'Località', 'City', 'Town'],
  province: ['Provincia', 'Prov', 'Prov.', 'Sigla provincia', 'Province'],
  nation: ['Nazione', 'Paese', 'Stato', 'Country', 'Nazione (sigla)'],
  email: ['Email', 'E-mail', 'Mail', 'Indirizzo email', 'Posta elettronica'],
  phone: ['Telefono', 'Tel', 'Tel.', 'Cellulare', 'Cell', 'Phone', 'Telefono cellulare'],
  birthday: ['Data di nascita', 'Nascita', 'Birthday', 'Birth date'],
};

export function guessCustomerMapping(headers: readonly string[]): CustomerMapping {
  return guessMapping(headers, CUSTOMER_HEADER_SPELLINGS);
}

export function emptyCustomerMapping(): CustomerMapping {
  return Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, ''])) as CustomerMapping;
}

/** null when the mapping can import; else the spec's message. */
export function mappingProblem(mapping: CustomerMapping): string | null {
  const named = mapping.ragioneSociale !== '' || (mapping.name !== '' && mapping.surname !== '');
  const identified = mapping.codiceFiscale !== '' || mapping.partitaIva !== '';
  return named && identified ? null : MAPPING_INCOMPLETE;
}

export interface ImportOptions {
  /** Extract the 16-character code and the 11-digit number, split 'City (XX)', default the nation to IT, pad CAPs. */
  normalize: boolean;
}

const PERSONAL_CODE = /[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]/;
const compact = (v: string) => v.replace(/[\s.\-_/]/g, '').toUpperCase();

/** dd/MM/yyyy, d-M-yyyy or yyyy-MM-dd → 'YYYY-MM-DD'; '' when not a real date. */
export function isoBirthday(text: string): string {
  const t = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(t);
  const [y, m, d] = dmy ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])] : ymd ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])] : [0, 0, 0];
  if (y === 0) return '';
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return '';
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Excel reads an 11-digit number as a number and drops its leading zeros ('1234567897' for '01234567897'). The
 * zeros are put back only when the padded number passes the check digit; otherwise the value stays as typed and
 * the row is reported as invalid.
 */
export function restoreLeadingZeros(value: string): string {
  const digits = value.trim();
  if (!/^\d{7,10}$/.test(digits)) return value;
  const padded = digits.padStart(11, '0');
  return isValidPartitaIva(padded) ? padded : value;
}

/** One CSV row → customer values: mapping, the VAT/tax-code swaps, then the optional normalisation. */
export function rowToCustomerValues(row: Readonly<Record<string, string>>, mapping: CustomerMapping, options: ImportOptions): CustomerValues {
  const v = Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, mappedValue(row, mapping, f)])) as CustomerValues;
  v.partitaIva = restoreLeadingZeros(v.partitaIva);
  v.codiceFiscale = restoreLeadingZeros(v.codiceFiscale);

  if (options.normalize) {
    const cfMatch = PERSONAL_CODE.exec(compact(v.codiceFiscale));
    if (cfMatch) v.codiceFiscale = cfMatch[0];
    const vatMatch = /\d{11}/.exec(compact(v.partitaIva));
    if (vatMatch) v.partitaIva = vatMatch[0];
  }

  // Swaps (document 2 §5): a personal code typed in the VAT column, an 11-digit number in the tax-code column.
  const vatIsCode = /^[A-Z0-9]{16}$/.test(compact(v.partitaIva));
  const cfIsNumber = /^\d{11}$/.test(compact(v.codiceFiscale));
  if (vatIsCode && cfIsNumber) [v.partitaIva, v.codiceFiscale] = [v.codiceFiscale, v.partitaIva];
  else if (vatIsCode && v.codiceFiscale === '') [v.codiceFiscale, v.partitaIva] = [v.partitaIva, ''];
  else if (cfIsNumber && v.partitaIva === '') [v.partitaIva, v.codiceFiscale] = [v.codiceFiscale, ''];

  if (options.normalize) {
    const cityProvince = /^(.*?)\s*\(([A-Za-z]{2})\)\s*$/.exec(v.city);
    if (cityProvince?.[1] !== undefined && cityProvince[2] !== undefined) {
      v.city = cityProvince[1];
      if (v.province === '') v.province = cityProvince[2];
    }
    if (v.nation === '') v.nation = 'IT';
    // Spreadsheets drop a postcode's leading zero ('7100' for '07100').
    if (/^\d{4}$/.test(v.cap) && v.nation.toUpperCase() === 'IT') v.cap = `0${v.cap}`;
  }
  v.codiceFiscale = compact(v.codiceFiscale);
  v.partitaIva = v.partitaIva === '' ? '' : compact(v.partitaIva).replace(/^IT(\d{11})$/, '$1');
  v.province = v.province.toUpperCase();
  v.nation = v.nation.toUpperCase();
  v.codiceDestinatario = v.codiceDestinatario.toUpperCase();
  v.birthday = v.birthday === '' ? '' : isoBirthday(v.birthday);
  return v;
}

export type { SourceRow } from '../csv/column-mapping';

export type SkipReason = 'no-name' | 'existing' | 'duplicate';

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  'no-name': 'Senza nome né codice fiscale o P.IVA',
  existing: 'Cliente già presente (stesso CF, P.IVA o, senza codici, stesso nome e città)',
  duplicate: 'Ripetuto nei file importati',
};

/** Rows imported all the same, with what the user must still know of them (shown in the report). */
export type ImportWarning = 'no-name' | 'invalid-vat' | 'invalid-cf' | 'no-tax-id';

export const IMPORT_WARNING_LABELS: Record<ImportWarning, string> = {
  'no-name': 'Importati senza nome né ragione sociale (da completare prima di fatturare)',
  'invalid-vat': 'Importati con P.IVA non valida (non fatturabili finché non la correggi)',
  'invalid-cf': 'Importati con codice fiscale non valido (non fatturabili finché non lo correggi)',
  'no-tax-id': 'Importati senza codice fiscale né P.IVA (clienti privati: per fatturare aggiungi il codice fiscale)',
};

export interface WarnedRow {
  source: SourceRow;
  warning: ImportWarning;
  detail?: string;
}

export interface PlannedCustomer {
  /** Stable document id: the same row always lands on the same document, so a re-run cannot duplicate it. */
  id: string;
  values: CustomerValues;
  source: SourceRow;
}

export interface SkippedRow {
  source: SourceRow;
  reason: SkipReason;
  /** For duplicates: where the row was first seen ('clienti.csv, riga 4'). */
  detail?: string;
}

export interface ImportPlan {
  toImport: PlannedCustomer[];
  skipped: SkippedRow[];
  /** Imported rows the report names (a wrong checksum, no fiscal code). */
  warnings: WarnedRow[];
}

/**
 * What identifies a customer for the import: its fiscal codes, or — a private customer without any — its name with
 * its city (normalised), so that the same row imported twice is recognised and a re-import of the export adds nothing.
 */
export function importKeys(values: CustomerLike): string[] {
  const keys = fiscalKeys(values);
  if (keys.length > 0) return keys;
  const name = customerOwnName(values).toLocaleLowerCase('it-IT').replace(/\s+/g, ' ').trim();
  if (name === '') return [];
  return [`nome:${name}|${(values.city ?? '').toLocaleLowerCase('it-IT').replace(/\s+/g, ' ').trim()}`];
}

/** FNV-1a, 32 bits, as 8 hex digits: a short stable id part for a key that is not an id itself. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The id of an imported customer: shop + its first fiscal identity (ids are global across shops); for a customer
 * without one, shop + a hash of its name and city.
 */
export function importedCustomerId(shopId: string, values: CustomerLike): string {
  const fiscal = fiscalKeys(values)[0];
  if (fiscal !== undefined) return `${shopId}_csv_${fiscal}`;
  return `${shopId}_csv_n${shortHash(importKeys(values)[0] ?? '')}`;
}

/** Decides, row by row, what is imported and what is skipped (and why). `existing` is the directory as stored now. */
export function planCustomerImport(shopId: string, rows: readonly SourceRow[], mapping: CustomerMapping, options: ImportOptions, existing: readonly CustomerLike[]): ImportPlan {
  const known = new Set(existing.flatMap(importKeys));
  const seen = new Map<string, SourceRow>();
  const plan: ImportPlan = { toImport: [], skipped: [], warnings: [] };
  for (const source of rows) {
    const values = rowToCustomerValues(source.row, mapping, options);
    const keys = importKeys(values);
    // Only a row with neither a name nor a fiscal code is left out (document 2 §5): nothing else the user put in
    // the file is lost. A private customer without a codice fiscale, or one whose code has a wrong check digit, is
    // imported; /customers then shows it as not invoiceable until corrected, and the report says so.
    if (keys.length === 0) {
      plan.skipped.push({ source, reason: 'no-name' });
      continue;
    }
    if (keys.some((k) => known.has(k))) {
      plan.skipped.push({ source, reason: 'existing' });
      continue;
    }
    const first = keys.map((k) => seen.get(k)).find((s) => s !== undefined);
    if (first) {
      plan.skipped.push({ source, reason: 'duplicate', detail: `${first.file}, riga ${first.line}` });
      continue;
    }
    for (const k of keys) seen.set(k, source);
    const checks = checkCustomerForm(values);
    if (customerOwnName(values) === '') plan.warnings.push({ source, warning: 'no-name' });
    if (fiscalKeys(values).length === 0) plan.warnings.push({ source, warning: 'no-tax-id' });
    if (checks.partitaIva?.blocking) plan.warnings.push({ source, warning: 'invalid-vat', detail: `${values.partitaIva}: ${checks.partitaIva.message}` });
    if (checks.codiceFiscale?.blocking) plan.warnings.push({ source, warning: 'invalid-cf', detail: `${values.codiceFiscale}: ${checks.codiceFiscale.message}` });
    plan.toImport.push({ id: importedCustomerId(shopId, values), values, source });
  }
  return plan;
}

/** Imported rows with a warning, grouped as the skipped ones are (for the final report). */
export function warningsByKind(warnings: readonly WarnedRow[]): { reason: ImportWarning; label: string; lines: string[] }[] {
  return (Object.keys(IMPORT_WARNING_LABELS) as ImportWarning[])
    .map((reason) => ({ reason, label: IMPORT_WARNING_LABELS[reason], lines: warnings.filter((w) => w.warning === reason).map((w) => `${w.source.file}: ${w.source.line}`) }))
    .filter((g) => g.lines.length > 0);
}

/** Skipped rows counted by reason, in a fixed order (for the final report). */
export function skippedByReason(skipped: readonly SkippedRow[]): { reason: SkipReason; label: string; lines: string[] }[] {
  const order: SkipReason[] = ['no-name', 'existing', 'duplicate'];
  return order
    .map((reason) => ({ reason, label: SKIP_REASON_LABELS[reason], lines: skipped.filter((s) => s.reason === reason).map((s) => `${s.source.file}: ${s.source.line}`) }))
    .filter((group) => group.lines.length > 0);
}

/** The skipped rows as a table for the downloadable CSV: the file's own columns plus file, line and reason. */
export function skippedRowsTable(skipped: readonly SkippedRow[]): { headers: string[]; rows: string[][] } {
  const columns: string[] = [];
  for (const s of skipped) for (const h of Object.keys(s.source.row)) if (!columns.includes(h)) columns.push(h);
  const headers = ['File', 'Riga', 'Motivo', ...columns];
  const rows = skipped.map((s) => [s.source.file, String(s.source.line), SKIP_REASON_LABELS[s.reason] + (s.detail ? ` (${s.detail})` : ''), ...columns.map((c) => s.source.row[c] ?? '')]);
  return { headers, rows };
}

/** The directory in the importer's own format (headers = the field labels), for a lossless export → import. */
export function customersTable(customers: readonly CustomerLike[]): { headers: string[]; rows: string[][] } {
  const headers = CUSTOMER_FIELDS.map((f) => CUSTOMER_FIELD_LABELS[f]);
  const rows = customers.map((c) =>
    CUSTOMER_FIELDS.map((f) => {
      const value = c[f] ?? '';
      return f === 'birthday' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : value;
    }),
  );
  return { headers, rows };
}

