/**
 * The DDT form's state (text as typed) and its conversion to and from the stored note.
 */
import type { Customer } from '@/data/customer';
import type { Ddt, DdtLine } from '@/data/ddt';
import { parseNumberText, readNumberText } from '@/domain/numbers/parse-number';
import type { Scrap } from '@/data/scrap';
import { dayInput, parseDay } from '@/domain/dashboard/period';
import { ddtTotalCents, type DdtAddress, type DdtPorto, type DdtTransportBy } from '@/domain/ddt/ddt';
import { customerOwnName } from '@/domain/customers/customer-fields';

export interface LineForm {
  key: string;
  productId?: string;
  code: string;
  description: string;
  um: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
}

export interface RecipientForm {
  name: string;
  partitaIva: string;
  codiceFiscale: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  nation: string;
}

export interface DdtFormState {
  date: string;
  customerId: string;
  /** The chosen customer, kept whole (the deferred invoice needs its fiscal data). */
  customer?: Customer;
  recipient: RecipientForm;
  otherDestination: boolean;
  destination: DdtAddress;
  causale: string;
  transportBy: DdtTransportBy;
  carrier: { name: string; partitaIva: string; address: string };
  porto: DdtPorto;
  aspetto: string;
  colli: string;
  peso: string;
  transportDate: string;
  transportTime: string;
  notes: string;
  lines: LineForm[];
}

let keySeq = 0;
export const lineKey = () => `l${++keySeq}`;

const EMPTY_ADDRESS: DdtAddress = { name: '', address: '', cap: '', city: '', province: '', nation: 'IT' };
const EMPTY_RECIPIENT: RecipientForm = { name: '', partitaIva: '', codiceFiscale: '', address: '', cap: '', city: '', province: '', nation: 'IT' };

export function emptyLine(): LineForm {
  return { key: lineKey(), code: '', description: '', um: 'PZ', quantity: '1', unitPrice: '', vatRate: '22' };
}

export function lineFromProduct(p: Scrap): LineForm {
  return {
    key: lineKey(), productId: p.id, code: p.code, description: p.name, um: p.um || 'PZ', quantity: '1',
    unitPrice: p.price ? String(p.price).replace('.', ',') : '', vatRate: p.vatRate === undefined ? '' : String(p.vatRate),
  };
}

export function emptyForm(now = new Date()): DdtFormState {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: dayInput(now), customerId: '', recipient: { ...EMPTY_RECIPIENT }, otherDestination: false, destination: { ...EMPTY_ADDRESS },
    causale: 'Vendita', transportBy: 'mittente', carrier: { name: '', partitaIva: '', address: '' }, porto: 'franco', aspetto: 'Scatola',
    colli: '1', peso: '', transportDate: dayInput(now), transportTime: `${pad(now.getHours())}:${pad(now.getMinutes())}`, notes: '', lines: [emptyLine()],
  };
}

export function recipientFromCustomer(c: Customer): RecipientForm {
  return {
    // The name typed in the directory, not a stand-in: the field stays empty (and is asked for) when there is none.
    name: customerOwnName(c),
    partitaIva: c.partitaIva ?? '', codiceFiscale: c.codiceFiscale ?? '', address: c.address ?? '', cap: c.cap ?? '',
    city: c.city ?? '', province: c.province ?? '', nation: c.nation ?? 'IT',
  };
}

const num = (text: string): number | undefined => (text.trim() === '' ? undefined : readNumberText(text));
const text = (n: number | undefined): string => (n === undefined ? '' : String(n).replace('.', ','));

export function formFromDdt(d: Ddt): DdtFormState {
  const pad = (n: number) => String(n).padStart(2, '0');
  const t = d.transportStart;
  return {
    date: d.date ? dayInput(d.date) : '',
    customerId: d.customerId ?? '',
    customer: d.customerId ? d.recipient : undefined,
    recipient: recipientFromCustomer(d.recipient),
    otherDestination: d.destination !== undefined,
    destination: d.destination ?? { ...EMPTY_ADDRESS },
    causale: d.causale,
    transportBy: d.transportBy,
    carrier: d.carrier ?? { name: '', partitaIva: '', address: '' },
    porto: d.porto,
    aspetto: d.aspetto,
    colli: d.colli === undefined ? '' : String(d.colli),
    peso: text(d.peso),
    transportDate: t ? dayInput(t) : '',
    transportTime: t ? `${pad(t.getHours())}:${pad(t.getMinutes())}` : '',
    notes: d.notes,
    lines: d.lines.map((l) => ({
      key: lineKey(), productId: l.productId, code: l.code, description: l.description, um: l.um, quantity: text(l.quantity),
      unitPrice: text(l.unitPrice), vatRate: l.vatRate === undefined ? '' : String(l.vatRate),
    })),
  };
}

/** Italian messages for fields typed in a form that cannot be read (numbers). */
export function formProblems(f: DdtFormState): string[] {
  const problems: string[] = [];
  const check = (text: string, field: string, options: { integer?: boolean; optional?: boolean } = {}) => {
    if (options.optional && text.trim() === '') return;
    const parsed = parseNumberText(text, { field, integer: options.integer });
    if (!parsed.ok) problems.push(parsed.error);
  };
  check(f.colli, 'Colli', { integer: true, optional: true });
  check(f.peso, 'Peso', { optional: true });
  f.lines.forEach((l, i) => {
    check(l.quantity, `Riga ${i + 1}, quantità`);
    check(l.unitPrice, `Riga ${i + 1}, prezzo`, { optional: true });
    check(l.vatRate, `Riga ${i + 1}, IVA %`, { optional: true });
  });
  return problems;
}

/**
 * The value of the goods the form shows: the lines as the note will save them (the one number parser), through
 * the one DDT value function (domain/ddt ddtTotalCents), so what the form shows is what the view and the PDF show.
 */
export function formValueCents(f: DdtFormState): number {
  return ddtTotalCents(f.lines.map((l) => ({ quantity: num(l.quantity) ?? 0, unitPrice: num(l.unitPrice) })));
}

function toDateTime(day: string, time: string): Date | undefined {
  const d = parseDay(day);
  if (!d) return undefined;
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  // eslint-disable-next-line no-restricted-syntax -- the digits of an <input type="time"> value matched above
  if (m) d.setHours(Number(m[1]), Number(m[2]));
  return d;
}

/** The note to store from the form (a draft). */
export function ddtFromForm(f: DdtFormState, base: { id: string; userId: string; createdAt?: Date }): Ddt {
  const date = parseDay(f.date);
  const r = f.recipient;
  const recipient: Customer = f.customer
    ? { ...f.customer, id: f.customerId, userId: base.userId }
    : {
        id: '', userId: base.userId, ragioneSociale: r.name.trim() || undefined, partitaIva: r.partitaIva.trim() || undefined,
        codiceFiscale: r.codiceFiscale.trim() || undefined, address: r.address.trim() || undefined, cap: r.cap.trim() || undefined,
        city: r.city.trim() || undefined, province: r.province.trim().toUpperCase() || undefined, nation: r.nation.trim().toUpperCase() || 'IT',
      };
  const lines: DdtLine[] = f.lines
    .filter((l) => l.description.trim() || l.code.trim() || l.productId)
    .map((l) => ({
      productId: l.productId, code: l.code.trim(), description: l.description.trim(), um: l.um.trim() || 'PZ',
      quantity: num(l.quantity) ?? 0, unitPrice: num(l.unitPrice), vatRate: num(l.vatRate),
    }));
  return {
    id: base.id, userId: base.userId, kind: 'ddt', state: 'bozza', year: (date ?? new Date()).getFullYear(), date,
    customerId: f.customer ? f.customerId : undefined, recipient,
    destination: f.otherDestination ? { ...f.destination, province: f.destination.province.toUpperCase() } : undefined,
    causale: f.causale.trim(), transportBy: f.transportBy, carrier: f.transportBy === 'vettore' ? f.carrier : undefined,
    porto: f.porto, aspetto: f.aspetto.trim(), colli: num(f.colli), peso: num(f.peso),
    transportStart: toDateTime(f.transportDate, f.transportTime), notes: f.notes, lines, createdAt: base.createdAt,
  };
}
