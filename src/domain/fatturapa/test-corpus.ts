/**
 * Seeded generator of builder inputs for the corpus test and the benchmark: many lines, several VAT rates, 0%
 * with every Natura, discounts and markups, decimal quantities, PA / private / foreign buyers, credit notes, long
 * texts with accents, typographic characters, emoji and &<>". Deterministic for a given seed.
 * Test and benchmark support only; never import it from application code.
 */
import { SeededRandom as Rng } from '../random/seeded-random';
import { codiceFiscaleCheckChar, OMOCODIA_LETTERS, OMOCODIA_POSITIONS } from '../fiscal-ids/codice-fiscale';
import { partitaIvaCheckDigit } from '../fiscal-ids/partita-iva';
import { NATURA_CODES, PAYMENT_METHOD_LABELS, type PaymentMethod } from './codes';
import { addDays } from './dates';
import { formatCreditNoteNumber, formatInvoiceNumber } from './numbering';
import type { BuildInvoiceInput, BuyerInput, InvoiceDraftInput, InvoiceLineInput, SellerInput } from './types';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const WORDS = [
  'caffè', 'tè', 'perché', 'città', 'più', 'però', 'società', 'qualità', 'Niño', 'Ærø', 'Straße', 'œuvre',
  'vino', 'pane', 'olio', 'formaggio', 'pasta', 'scarpe', 'borsa', 'maglia', 'giacca', 'cintura', '&', '<', '>',
  '"doppio"', "l'uomo", '“citazione”', 'l’ora', '–', '€', '…', '😀', '日本', 'Łódź', 'naïve', 'Å', '\t', '\n',
  'A&B', '<tag>', 'x>y', '&amp;', '#', '%', '@',
];

const PLAIN_WORDS = ['Rossi', 'Bianchi', 'Àlvaro', 'Caffè', 'Maglia', 'Pane', 'Olio', 'Gioia'];

/** Words from WORDS, the first always a plain word (so the text never cleans up to nothing). */
function text(rng: Rng, minWords: number, maxWords: number): string {
  const n = rng.int(minWords, maxWords);
  const words: string[] = [rng.pick(PLAIN_WORDS)];
  for (let i = 1; i < n; i++) words.push(rng.pick(WORDS));
  return words.join(' ');
}

/** A random valid Partita IVA. */
function randomPartitaIva(rng: Rng): string {
  const first10 = rng.chars('1234567', 1) + rng.chars(DIGITS, 9);
  return first10 + String(partitaIvaCheckDigit(first10));
}

/** A random valid personal codice fiscale, sometimes omocodic. */
function randomCodiceFiscale(rng: Rng): string {
  const day = rng.int(1, 28) + (rng.chance(0.5) ? 40 : 0);
  const chars = (
    rng.chars(LETTERS, 6) + rng.chars(DIGITS, 2) + rng.pick([...'ABCDEHLMPRST']) + String(day).padStart(2, '0') +
    rng.chars(LETTERS, 1) + rng.chars(DIGITS, 3)
  ).split('');
  if (rng.chance(0.2)) {
    for (const p of OMOCODIA_POSITIONS.slice(-rng.int(1, 3))) chars[p] = OMOCODIA_LETTERS.charAt(Number(chars[p]));
  }
  const first15 = chars.join('');
  return first15 + codiceFiscaleCheckChar(first15);
}

function address(rng: Rng): Pick<BuyerInput, 'address' | 'cap' | 'city' | 'province' | 'nation'> {
  return {
    address: `Via ${text(rng, 1, 12)} ${String(rng.int(1, 300))}`,
    cap: rng.chars(DIGITS, 5),
    city: rng.pick(['Milano', 'Forlì', 'Cantù', 'Sant’Angelo d’Alife', 'Roma', 'Aosta']),
    province: rng.pick(['MI', 'fc', 'CO', 'CE', 'RM', 'ao']),
    nation: rng.pick(['IT', 'it', '']),
  };
}

function seller(rng: Rng): SellerInput {
  return {
    ragioneSociale: rng.chance(0.8) ? `${text(rng, 1, 20)} Srl` : '',
    name: `Negozio ${text(rng, 1, 3)}`,
    partitaIva: randomPartitaIva(rng),
    ...(rng.chance(0.5) ? { codiceFiscale: randomCodiceFiscale(rng) } : {}),
    ...address(rng),
    ...(rng.chance(0.3) ? { regimeFiscale: rng.pick(['RF01', 'RF02', 'RF19', 'RF20']) } : {}),
  };
}

type BuyerKind = 'person' | 'company' | 'pa' | 'foreign';

function buyer(rng: Rng, kind: BuyerKind): BuyerInput {
  const pec = rng.chance(0.6) ? `cliente.${rng.chars('abcdefgh', 5)}@pec.it` : '';
  switch (kind) {
    case 'person':
      return {
        name: text(rng, 1, 4),
        surname: text(rng, 1, 4),
        codiceFiscale: randomCodiceFiscale(rng),
        codiceDestinatario: rng.pick(['', '0000000', rng.chars(LETTERS + DIGITS, 7)]),
        pec,
        ...address(rng),
      };
    case 'company':
      return {
        ragioneSociale: `${text(rng, 1, 30)} Spa`,
        partitaIva: randomPartitaIva(rng),
        codiceDestinatario: rng.pick(['', '0000000', rng.chars(LETTERS + DIGITS, 7).toLowerCase()]),
        pec,
        ...address(rng),
      };
    case 'pa':
      return {
        ragioneSociale: `Comune di ${text(rng, 1, 5)}`,
        ...(rng.chance(0.5) ? { partitaIva: randomPartitaIva(rng) } : { codiceFiscale: randomPartitaIva(rng) }),
        codiceDestinatario: rng.chars(LETTERS + DIGITS, 6),
        ...address(rng),
      };
    case 'foreign':
      return {
        ragioneSociale: `${text(rng, 1, 6)} GmbH`,
        ...(rng.chance(0.7) ? { partitaIva: `DE${rng.chars(DIGITS, 9)}` } : {}),
        address: `Hauptstraße ${String(rng.int(1, 99))}`,
        cap: rng.chance(0.5) ? rng.chars(DIGITS, 5) : 'D-10115',
        city: 'Berlin',
        nation: 'DE',
      };
  }
}

const RATES = [22, 22, 22, 10, 10, 5, 4, 0] as const;

function grossPrice(rng: Rng): number {
  const cents = rng.chance(0.1) ? rng.int(0, 99) : rng.chance(0.9) ? rng.int(1, 50_000) : rng.int(50_000, 5_000_000);
  const extra = rng.chance(0.15) ? rng.int(0, 9) / 1000 : 0; // some prices with a third decimal
  return Number((cents / 100 + extra).toFixed(3));
}

function quantity(rng: Rng): number {
  if (rng.chance(0.6)) return rng.int(1, 20);
  const decimals = rng.int(1, 6);
  return Number((rng.int(1, 100_000) / 10 ** decimals).toFixed(decimals)) || 1;
}

function invoiceLine(rng: Rng): InvoiceLineInput {
  const vatRate = rng.pick(RATES);
  const gross = grossPrice(rng);
  const l: InvoiceLineInput = {
    description: rng.chance(0.05) ? text(rng, 300, 400) : text(rng, 1, 12),
    quantity: quantity(rng),
    grossUnitPrice: gross,
    vatRate,
  };
  if (vatRate === 0) l.natura = rng.pick(NATURA_CODES);
  if (rng.chance(0.25)) {
    const kind = rng.chance(0.8) ? 'discount' : 'markup';
    l.adjustment = rng.chance(0.6)
      ? { kind, percent: rng.int(1, 10_000) / 100 }
      : { kind, amountPerUnit: Math.min(gross, rng.int(1, 5_000) / 100) };
  }
  if (rng.chance(0.3)) l.code = rng.chance(0.5) ? rng.chars(LETTERS + DIGITS, rng.int(1, 40)) : text(rng, 1, 8);
  if (rng.chance(0.4)) l.unitOfMeasure = rng.pick(['PZ', 'KG', 'lt', 'm²', 'ore', 'CONFEZIONE12']);
  return l;
}

function isoDate(rng: Rng): string {
  return addDays('2025-01-01', rng.int(0, 700));
}

/** One generated invoice input; `index` makes numbers unique. */
function generateInvoice(rng: Rng, index: number): BuildInvoiceInput {
  const kind = rng.pick<BuyerKind>(['person', 'person', 'company', 'company', 'pa', 'foreign']);
  const creditNote = rng.chance(0.2);
  const date = isoDate(rng);
  const year = Number(date.slice(0, 4));
  const userId = rng.chars(LETTERS + DIGITS + 'abcdef', 28);
  const lineCount = rng.chance(0.1) ? rng.int(60, 150) : rng.int(1, 25);
  const lines: InvoiceLineInput[] = [];
  for (let i = 0; i < lineCount; i++) {
    const previous = lines[rng.int(0, Math.max(0, lines.length - 1))];
    // sometimes repeat an earlier line (with another quantity) to exercise merging
    lines.push(previous && rng.chance(0.1) ? { ...previous, quantity: quantity(rng) } : invoiceLine(rng));
  }
  const draft: InvoiceDraftInput = {
    number: creditNote ? formatCreditNoteNumber(userId, year, index) : formatInvoiceNumber(userId, year, index),
    date,
    documentType: creditNote ? 'TD04' : 'TD01',
    lines,
  };
  if (creditNote) draft.relatedInvoice = { number: formatInvoiceNumber(userId, year, index), date: addDays(date, -rng.int(0, 90)) };
  if (rng.chance(0.3)) draft.dueDate = addDays(date, rng.int(0, 120));
  if (rng.chance(0.4)) draft.paymentMethod = rng.pick(Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[]);
  if (rng.chance(0.4)) draft.paymentCondition = rng.pick(['TP01', 'TP02', 'TP03'] as const);
  if (rng.chance(0.2)) draft.esigibilita = rng.pick(['I', 'D', 'S'] as const);
  if (kind === 'pa' && rng.chance(0.7)) {
    draft.cig = rng.chars(LETTERS + DIGITS, 10);
    if (rng.chance(0.5)) draft.cup = rng.chars(LETTERS + DIGITS, 15);
    if (rng.chance(0.5)) draft.codiceCommessa = text(rng, 1, 30);
    if (rng.chance(0.5)) draft.purchaseOrderNumber = `ODA-${String(rng.int(1, 9999))}`;
  }
  if (rng.chance(0.2)) draft.causale = text(rng, 1, 200);
  return { draft, seller: seller(rng), buyer: buyer(rng, kind) };
}

export function generateCorpus(seed: number, count: number): BuildInvoiceInput[] {
  const rng = new Rng(seed);
  const out: BuildInvoiceInput[] = [];
  for (let i = 1; i <= count; i++) out.push(generateInvoice(rng, i));
  return out;
}
