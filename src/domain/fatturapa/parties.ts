/**
 * Seller (CedentePrestatore), buyer (CessionarioCommittente) and recipient (CodiceDestinatario/PEC) blocks.
 * Inputs that would make the SdI reject the file throw an InvoiceBuildError with an Italian message.
 */
import { codiceFiscaleProblem, normalizeCodiceFiscale } from '../fiscal-ids/codice-fiscale';
import { normalizePartitaIva, partitaIvaProblem } from '../fiscal-ids/partita-iva';
import {
  DEFAULT_CODICE_DESTINATARIO,
  DEFAULT_REGIME_FISCALE,
  PA_CODICE_DESTINATARIO_LENGTH,
  type TransmissionFormat,
} from './codes';
import { InvoiceBuildError } from './build-error';
import { latinText } from './text';
import { el, optEl, type XmlElement } from './xml-writer';
import type { AddressInput, BuyerInput, SellerInput } from './types';
import { isItalianCap } from '../validation/cap';

/** Regimi fiscali of schema 1.2.3 (RF03 does not exist). */
export const REGIMI_FISCALI = [
  'RF01', 'RF02', 'RF04', 'RF05', 'RF06', 'RF07', 'RF08', 'RF09', 'RF10', 'RF11',
  'RF12', 'RF13', 'RF14', 'RF15', 'RF16', 'RF17', 'RF18', 'RF19', 'RF20',
] as const;

/** Recipient code for foreign buyers (SdI 00313: only with a non-IT IdFiscaleIVA). */
export const FOREIGN_CODICE_DESTINATARIO = 'XXXXXXX';
/** IdCodice convention for foreign private buyers without a VAT number. */
const FOREIGN_PRIVATE_ID = '99999999999';

/** XSD EmailType without the rare quoted-local-part form. */
const EMAIL_RE =
  /^[!#-'*+/-9=?A-Z^-~-]+(\.[!#-'*+/-9=?A-Z^-~-]+)*@([!#-'*+/-9=?A-Z^-~-]+(\.[!#-'*+/-9=?A-Z^-~-]+)*|\[[\t -Z^-~]*\])$/;

export function isValidPec(value: string): boolean {
  const v = value.trim();
  return v.length <= 256 && EMAIL_RE.test(v);
}

type Who = 'negozio' | 'cliente';

function nationOf(input: AddressInput): string {
  const n = (input.nation ?? '').trim().toUpperCase();
  return n === '' ? 'IT' : n;
}

function sedeElement(input: AddressInput, who: Who, field: string): XmlElement {
  const nation = nationOf(input);
  if (!/^[A-Z]{2}$/.test(nation)) {
    throw new InvoiceBuildError(`Nazione del ${who} non valida: usa la sigla di 2 lettere (es. IT)`, `${field}.nation`);
  }
  const address = latinText(input.address ?? '', 60);
  if (address === '') throw new InvoiceBuildError(`Indirizzo del ${who} mancante`, `${field}.address`);
  const city = latinText(input.city ?? '', 60);
  if (city === '') throw new InvoiceBuildError(`Comune del ${who} mancante`, `${field}.city`);
  let cap = String(input.cap ?? '').trim();
  if (!isItalianCap(cap)) {
    if (nation === 'IT') throw new InvoiceBuildError(`CAP del ${who} non valido: servono 5 cifre`, `${field}.cap`);
    cap = '00000';
  }
  const province = (input.province ?? '').trim().toUpperCase();
  if (nation === 'IT' && province !== '' && !/^[A-Z]{2}$/.test(province)) {
    throw new InvoiceBuildError(`Provincia del ${who} non valida: usa la sigla di 2 lettere`, `${field}.province`);
  }
  return el('Sede', [
    el('Indirizzo', address),
    el('CAP', cap),
    el('Comune', city),
    nation === 'IT' ? optEl('Provincia', province) : null,
    el('Nazione', nation),
  ]);
}

function vatId(partitaIva: string, nation: string, who: Who, field: string): string {
  const id = nation === 'IT' ? normalizePartitaIva(partitaIva) : partitaIva.replace(/[\s.\-_/]/g, '').toUpperCase();
  const withoutPrefix = id.startsWith(nation) && id.length > 2 + 1 && nation !== 'IT' ? id.slice(2) : id;
  if (nation === 'IT' && partitaIvaProblem(withoutPrefix) !== null) {
    throw new InvoiceBuildError(`Partita IVA del ${who} non valida: ${partitaIva}`, `${field}.partitaIva`);
  }
  if (!/^[A-Z0-9]{1,28}$/.test(withoutPrefix)) {
    throw new InvoiceBuildError(`Partita IVA del ${who} non valida: ${partitaIva}`, `${field}.partitaIva`);
  }
  return withoutPrefix;
}

function codiceFiscale(value: string | undefined, nation: string, who: Who, field: string): string {
  const cf = normalizeCodiceFiscale(value ?? '');
  if (cf === '') return '';
  if (!/^[A-Z0-9]{11,16}$/.test(cf) || (nation === 'IT' && codiceFiscaleProblem(cf) !== null)) {
    throw new InvoiceBuildError(`Codice Fiscale del ${who} non valido: ${value ?? ''}`, `${field}.codiceFiscale`);
  }
  return cf;
}

function idFiscaleIva(nation: string, id: string): XmlElement {
  return el('IdFiscaleIVA', [el('IdPaese', nation), el('IdCodice', id)]);
}

export interface SellerBlock {
  element: XmlElement;
  /** Country and VAT code, also used as IdTrasmittente. */
  idPaese: string;
  idCodice: string;
}

export function sellerBlock(seller: SellerInput): SellerBlock {
  const nation = nationOf(seller);
  const idCodice = vatId(seller.partitaIva ?? '', nation, 'negozio', 'seller');
  const cf = codiceFiscale(seller.codiceFiscale, nation, 'negozio', 'seller');
  const denominazione = latinText(seller.ragioneSociale?.trim() || seller.name || '', 80);
  if (denominazione === '') throw new InvoiceBuildError('Ragione sociale del negozio mancante', 'seller.ragioneSociale');
  const regime = (seller.regimeFiscale ?? '').trim().toUpperCase() || DEFAULT_REGIME_FISCALE;
  if (!(REGIMI_FISCALI as readonly string[]).includes(regime)) {
    throw new InvoiceBuildError(`Regime fiscale del negozio non valido: ${regime}`, 'seller.regimeFiscale');
  }
  const element = el('CedentePrestatore', [
    el('DatiAnagrafici', [
      idFiscaleIva(nation, idCodice),
      optEl('CodiceFiscale', cf),
      el('Anagrafica', [el('Denominazione', denominazione)]),
      el('RegimeFiscale', regime),
    ]),
    sedeElement(seller, 'negozio', 'seller'),
  ]);
  return { element, idPaese: nation, idCodice };
}

export function buyerBlock(buyer: BuyerInput): XmlElement {
  const nation = nationOf(buyer);
  const piva = (buyer.partitaIva ?? '').trim();
  let idCodice = piva === '' ? '' : vatId(piva, nation, 'cliente', 'buyer');
  const cf = codiceFiscale(buyer.codiceFiscale, nation, 'cliente', 'buyer');
  if (idCodice === '' && nation !== 'IT') idCodice = FOREIGN_PRIVATE_ID;
  if (idCodice === '' && cf === '') {
    throw new InvoiceBuildError('Il cliente non ha né Partita IVA né Codice Fiscale', 'buyer.partitaIva');
  }
  const company = latinText(buyer.ragioneSociale ?? '', 80);
  const name = latinText(buyer.name ?? '', 60);
  const surname = latinText(buyer.surname ?? '', 60);
  let anagrafica: XmlElement[];
  if (company !== '') anagrafica = [el('Denominazione', company)];
  else if (name !== '' && surname !== '') anagrafica = [el('Nome', name), el('Cognome', surname)];
  else if (name !== '' || surname !== '') anagrafica = [el('Denominazione', latinText(`${name} ${surname}`, 80))];
  else throw new InvoiceBuildError('Nome o ragione sociale del cliente mancante', 'buyer.ragioneSociale');
  return el('CessionarioCommittente', [
    el('DatiAnagrafici', [
      idCodice === '' ? null : idFiscaleIva(nation, idCodice),
      optEl('CodiceFiscale', cf),
      el('Anagrafica', anagrafica),
    ]),
    sedeElement(buyer, 'cliente', 'buyer'),
  ]);
}

export interface Recipient {
  codiceDestinatario: string;
  pec?: string;
  format: TransmissionFormat;
  isPublicAdministration: boolean;
}

/**
 * CodiceDestinatario and format: 6 characters = public administration (FPA12), otherwise FPR12. An empty code
 * becomes '0000000' (with the PEC when present), or 'XXXXXXX' for a foreign buyer. The PEC is written only
 * with '0000000' (a PEC with another code is an SdI error, 00426).
 */
export function resolveRecipient(buyer: BuyerInput): Recipient {
  let code = (buyer.codiceDestinatario ?? '').trim().toUpperCase();
  if (code === '') code = nationOf(buyer) === 'IT' ? DEFAULT_CODICE_DESTINATARIO : FOREIGN_CODICE_DESTINATARIO;
  if (!/^[A-Z0-9]{6,7}$/.test(code)) {
    throw new InvoiceBuildError(
      `Codice destinatario non valido: ${code} (servono 7 caratteri, 6 per la Pubblica Amministrazione)`,
      'buyer.codiceDestinatario',
    );
  }
  const isPublicAdministration = code.length === PA_CODICE_DESTINATARIO_LENGTH;
  const format: TransmissionFormat = isPublicAdministration ? 'FPA12' : 'FPR12';
  const pec = (buyer.pec ?? '').trim();
  if (code !== DEFAULT_CODICE_DESTINATARIO || pec === '') return { codiceDestinatario: code, format, isPublicAdministration };
  if (!isValidPec(pec)) throw new InvoiceBuildError(`PEC del cliente non valida: ${pec}`, 'buyer.pec');
  return { codiceDestinatario: code, pec, format, isPublicAdministration };
}
