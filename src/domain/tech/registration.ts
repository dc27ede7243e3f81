/**
 * The shop registration wizard of a technician (document 1 §2 'Register shop', §4, §5 steps 1–5, §9 defaults):
 * the form, each step's checks with the spec's messages, the prefill from a pending form entry, and the records a
 * completed registration writes (built here, pure; written in one batch by the feature's api).
 */
import { addMonths } from 'date-fns';
import { ACCOUNT_MESSAGES, isValidEmail, passwordLengthError } from '@/domain/validation/account';
import { readShopPartitaIva, SHOP_PIVA_FORMAT } from '@/domain/fiscal-ids/registry';
import { isItalianCap, ITALIAN_CAP_MESSAGE } from '@/domain/validation/cap';
import type { PendingShop } from './pending-shops';
import { centsToEuro, toCents } from '../money/money';
import { parseNumberText } from '../numbers/parse-number';

export const STEP_TITLES = ['Utente', 'Piano e pacchetti', 'Dati negozio', 'Profilo tecnico', 'Dipendenti'] as const;
export const EMPLOYEE_CAP = 2;
export const DEFAULT_TECH_PIN = '0000';
export const SUBSCRIPTION_MONTHS = 3;
/**
 * Packs a registration may add beyond the plan's own: the rules check that each exists, one read
 * each, and the registration batch's budget of 20 reads leaves room for 6 (see validRegistrationSubscription in
 * firestore.rules). More packs are added afterwards with a proposal an admin approves.
 */
export const MAX_EXTRA_PACKS = 6;
export const REDIRECT_AFTER_MS = 3000;
export const AT_LEAST_ONE_MS = 3000;

export const REGISTRATION_MESSAGES = {
  ...ACCOUNT_MESSAGES,
  plan: 'Seleziona un piano di sottoscrizione',
  tooManyPacks: `Alla registrazione si possono aggiungere al massimo ${String(MAX_EXTRA_PACKS)} pacchetti oltre a quelli inclusi nel piano: gli altri si aggiungono dopo con una proposta di abbonamento`,
  printerIp: 'Indirizzo IP stampante non valido',
  zipCode: ITALIAN_CAP_MESSAGE,
  techPin: 'Il PIN tecnico deve essere di 4 cifre',
  atLeastOne: 'Deve esserci almeno un dipendente',
  required: 'Campo obbligatorio',
  employeePin: 'Il PIN deve contenere da 1 a 6 cifre',
  roleLevel: 'Il livello del ruolo va da 1 a 10',
  failure: (message: string) => `Errore durante la registrazione: ${message}`,
  planLoad: 'Errore nel caricamento dei dati',
  success: 'Registrazione completata con successo!',
  openApiFailure: 'Errore nella configurazione OpenAPI',
  openApiSuccess: 'Configurazione OpenAPI completata con successo!',
  alreadyRegistered: 'Questo account ha già un negozio registrato.',
} as const;

export interface EmployeeDraft {
  name: string;
  surname: string;
  pin: string;
  roleLevel: string;
  roleName: string;
}

export interface RegistrationForm {
  email: string;
  password: string;
  confirm: string;
  planId: string;
  packIds: string[];
  shop: { name: string; address: string; city: string; province: string; zipCode: string; phone: string; partitaIva: string; printerIp: string };
  openApi: boolean;
  tech: { name: string; surname: string; pin: string };
  employees: EmployeeDraft[];
}

export type StepErrors = Record<string, string>;

/** The employee's role level typed in the form (whole, 1 to 10) as a number, or undefined when it is not one. */
export function employeeRoleLevel(e: Pick<EmployeeDraft, 'roleLevel'>): number | undefined {
  const parsed = parseNumberText(e.roleLevel, { field: 'Livello', integer: true });
  return parsed.ok && parsed.value >= 1 && parsed.value <= 10 ? parsed.value : undefined;
}

export const emptyEmployee = (): EmployeeDraft => ({ name: '', surname: '', pin: '', roleLevel: '10', roleName: 'Titolare' });

export function emptyRegistration(techName = ''): RegistrationForm {
  return {
    email: '',
    password: '',
    confirm: '',
    planId: '',
    packIds: [],
    shop: { name: '', address: '', city: '', province: '', zipCode: '', phone: '', partitaIva: '', printerIp: '' },
    openApi: false,
    tech: { name: techName, surname: '', pin: DEFAULT_TECH_PIN },
    employees: [emptyEmployee()],
  };
}

/** A pending form entry fills the user's email, the shop and the owner as first employee (document 1 §2). */
export function prefillFromPending(form: RegistrationForm, entry: PendingShop): RegistrationForm {
  const l = entry.datiLocale;
  const t = entry.titolare;
  return {
    ...form,
    email: entry.contatti.emailIscrizione || form.email,
    shop: { ...form.shop, name: l.nome, address: l.indirizzo, city: l.citta, province: l.provincia.toUpperCase(), zipCode: l.cap, phone: l.telefono, partitaIva: entry.datiFiscaliLocale.partitaIva },
    employees: [{ name: t.nome, surname: t.cognome, pin: /^\d{1,6}$/.test(t.pin) ? t.pin : '', roleLevel: '10', roleName: 'Titolare' }],
  };
}

/**
 * The titolare's PIN, which the list of pending entries does not carry, once the server gave it for
 * this entry: it fills the owner's employee PIN, unless the technician already typed one or removed the owner.
 */
export function withOwnerPin(form: RegistrationForm, entry: PendingShop, pin: string): RegistrationForm {
  if (!/^\d{1,6}$/.test(pin)) return form;
  const t = entry.titolare;
  return {
    ...form,
    employees: form.employees.map((e, i) => (i === 0 && e.pin === '' && e.roleName === 'Titolare' && e.name === t.nome && e.surname === t.cognome ? { ...e, pin } : e)),
  };
}

/**
 * A step's edit, made on the form it was rendered with (`base`), applied to the latest form: the parts the step did
 * not touch come from `latest`, so a value the server filled in meanwhile (the owner's PIN) is not lost to a
 * keystroke that raced it.
 */
export function applyStepEdit(base: RegistrationForm, edited: RegistrationForm, latest: RegistrationForm): RegistrationForm {
  if (base === latest) return edited;
  const keys = Object.keys(edited) as (keyof RegistrationForm)[];
  return Object.fromEntries(keys.map((k) => [k, edited[k] === base[k] ? latest[k] : edited[k]])) as unknown as RegistrationForm;
}

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Four dot-separated numbers of 1 to 3 digits (document 1 §5), as the spec states it. */
export function isValidPrinterIp(ip: string): boolean {
  return IPV4.test(ip.trim());
}

export function validateStep(step: number, form: RegistrationForm): StepErrors {
  const errors: StepErrors = {};
  const need = (key: string, value: string) => {
    if (value.trim() === '') errors[key] = REGISTRATION_MESSAGES.required;
  };
  switch (step) {
    case 0:
      if (!isValidEmail(form.email)) errors.email = REGISTRATION_MESSAGES.email;
      if (passwordLengthError(form.password, 'new-account')) errors.password = REGISTRATION_MESSAGES.passwordLength;
      if (form.confirm !== form.password) errors.confirm = REGISTRATION_MESSAGES.mismatch;
      break;
    case 1:
      if (!form.planId) errors.planId = REGISTRATION_MESSAGES.plan;
      // packIds are the packs chosen beyond the plan's (choosing a plan drops its own from the list)
      if (form.packIds.length > MAX_EXTRA_PACKS) errors.packIds = REGISTRATION_MESSAGES.tooManyPacks;
      break;
    case 2:
      for (const key of ['name', 'address', 'city', 'province', 'zipCode', 'phone'] as const) need(`shop.${key}`, form.shop[key]);
      if (form.shop.zipCode.trim() !== '' && !isItalianCap(form.shop.zipCode)) errors['shop.zipCode'] = REGISTRATION_MESSAGES.zipCode;
      if (form.shop.printerIp.trim() !== '' && !isValidPrinterIp(form.shop.printerIp)) errors['shop.printerIp'] = REGISTRATION_MESSAGES.printerIp;
      if (readShopPartitaIva(form.shop.partitaIva) === undefined) errors['shop.partitaIva'] = SHOP_PIVA_FORMAT;
      break;
    case 3:
      if (!/^\d{4}$/.test(form.tech.pin)) errors['tech.pin'] = REGISTRATION_MESSAGES.techPin;
      break;
    case 4:
      form.employees.forEach((e, i) => {
        need(`employees.${String(i)}.name`, e.name);
        need(`employees.${String(i)}.surname`, e.surname);
        need(`employees.${String(i)}.roleName`, e.roleName);
        if (!/^\d{1,6}$/.test(e.pin.trim())) errors[`employees.${String(i)}.pin`] = e.pin.trim() === '' ? REGISTRATION_MESSAGES.required : REGISTRATION_MESSAGES.employeePin;
        if (employeeRoleLevel(e) === undefined) errors[`employees.${String(i)}.roleLevel`] = REGISTRATION_MESSAGES.roleLevel;
      });
      if (form.employees.length === 0) errors.employees = REGISTRATION_MESSAGES.atLeastOne;
      break;
  }
  return errors;
}

/** The first step (0-based) that does not validate, or -1. */
export function firstInvalidStep(form: RegistrationForm): number {
  for (let step = 0; step < STEP_TITLES.length; step++) if (Object.keys(validateStep(step, form)).length > 0) return step;
  return -1;
}

// ------------------------------------------------------------------------------------------- the records

/** Deterministic ids, so that a retried registration rewrites the same records instead of adding new ones. */
export const registrationIds = (uid: string) => ({
  subscription: `reg-${uid}`,
  techEmployee: `reg-${uid}-tecnico`,
  employee: (i: number) => `reg-${uid}-dip-${String(i + 1)}`,
});

export interface PlanPrice {
  id: string;
  price: number;
  includedPacks: readonly string[];
}

/** Plan price plus the packs chosen beyond the plan, in cents to stay exact (monthly, in euro). */
export function subscriptionPrice(plan: PlanPrice, packIds: readonly string[], packPrices: ReadonlyMap<string, number>): number {
  const cents = (toCents(plan.price) ?? 0) + packIds.filter((id) => !plan.includedPacks.includes(id)).reduce((sum, id) => sum + (toCents(packPrices.get(id) ?? 0) ?? 0), 0);
  return centsToEuro(cents);
}

export function subscriptionPeriod(now: Date): { startingDate: Date; expiringDate: Date } {
  return { startingDate: now, expiringDate: addMonths(now, SUBSCRIPTION_MONTHS) };
}
