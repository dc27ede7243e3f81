/**
 * Header checks (transmission data and the two parties) and what each body's TipoDocumento requires of them:
 * 00313, 00417, 00426, 00427, 00428, 00471, 00472, 00473, 00475, 00476.
 */
import { child, textAt, type XmlElement } from './xml-tree';
import { documentTypeText, HEADER, problem, type InvoiceContext, type InvoiceProblem } from './problem';

const TRANSMISSION = `${HEADER}/DatiTrasmissione`;
const BUYER = `${HEADER}/CessionarioCommittente/DatiAnagrafici`;

/** 00471: seller and buyer must differ. */
const TD_NOT_SELF = new Set(['TD01', 'TD02', 'TD03', 'TD06', 'TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD24', 'TD25', 'TD28', 'TD29']);
/** 00472: seller and buyer must be the same subject. */
const TD_SELF = new Set(['TD21', 'TD27']);
/** 00473: the seller must be foreign. */
const TD_FOREIGN_SELLER = new Set(['TD17', 'TD18', 'TD19', 'TD28']);
/** 00475: the buyer's IdFiscaleIVA is required. */
const TD_BUYER_VAT_ID = new Set(['TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD22', 'TD23', 'TD28', 'TD29']);

interface VatId {
  country: string;
  code: string;
}

function vatId(anagrafici: XmlElement | undefined): VatId | undefined {
  const id = child(anagrafici, 'IdFiscaleIVA');
  if (!id) return undefined;
  return { country: textAt(id, 'IdPaese') ?? '', code: textAt(id, 'IdCodice') ?? '' };
}

function anagrafici(header: XmlElement | undefined, party: string): XmlElement | undefined {
  return child(child(header, party), 'DatiAnagrafici');
}

export function checkTransmission(ctx: InvoiceContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  const dt = child(ctx.header, 'DatiTrasmissione');
  if (!dt) return out;
  const formato = textAt(dt, 'FormatoTrasmissione') ?? '';
  const versione = ctx.root.attrs.versione ?? '';
  if (formato !== versione) {
    out.push(
      problem(
        '00428',
        `${TRANSMISSION}/FormatoTrasmissione`,
        `Il formato di trasmissione (${formato || 'assente'}) non coincide con la versione dichiarata nel file (${versione || 'assente'}).`,
      ),
    );
  }
  const codice = textAt(dt, 'CodiceDestinatario') ?? '';
  const codicePath = `${TRANSMISSION}/CodiceDestinatario`;
  if (formato === 'FPA12' && codice.length === 7) {
    out.push(
      problem(
        '00427',
        codicePath,
        `Una fattura alla Pubblica Amministrazione (FPA12) richiede un codice destinatario di 6 caratteri: "${codice}" ne ha 7.`,
      ),
    );
  } else if (formato === 'FPR12' && codice.length === 6) {
    out.push(
      problem(
        '00427',
        codicePath,
        `Un codice destinatario di 6 caratteri ("${codice}") indica la Pubblica Amministrazione: una fattura tra privati (FPR12) ne richiede 7.`,
      ),
    );
  }
  const pec = textAt(dt, 'PECDestinatario');
  if (pec !== undefined && pec !== '' && codice !== '0000000') {
    out.push(
      problem(
        '00426',
        `${TRANSMISSION}/PECDestinatario`,
        `La PEC del destinatario si indica solo con il codice destinatario 0000000, non con "${codice}".`,
      ),
    );
  }
  const buyer = vatId(anagrafici(ctx.header, 'CessionarioCommittente'));
  if (codice === 'XXXXXXX' && (!buyer || buyer.country === 'IT')) {
    out.push(
      problem(
        '00313',
        codicePath,
        'Il codice destinatario XXXXXXX si usa solo per clienti esteri, con una partita IVA di un paese diverso da IT.',
      ),
    );
  }
  return out;
}

export function checkParties(ctx: InvoiceContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  const buyerData = anagrafici(ctx.header, 'CessionarioCommittente');
  const sellerData = anagrafici(ctx.header, 'CedentePrestatore');
  const buyer = vatId(buyerData);
  const seller = vatId(sellerData);
  if (buyerData && !buyer && child(buyerData, 'CodiceFiscale') === undefined) {
    out.push(
      problem(
        '00417',
        BUYER,
        'Il cliente non ha né partita IVA né codice fiscale: ne serve almeno uno (per un privato, il codice fiscale).',
      ),
    );
  }
  if (seller && buyer && seller.country !== 'IT' && buyer.country !== 'IT') {
    out.push(
      problem(
        '00476',
        `${BUYER}/IdFiscaleIVA/IdPaese`,
        `Venditore e cliente non possono essere entrambi esteri (paesi ${seller.country} e ${buyer.country}).`,
      ),
    );
  }
  const same = sameSubject(sellerData, buyerData, seller, buyer);
  for (const body of ctx.bodies) {
    const tipo = body.tipo;
    const path = `${body.path}/DatiGenerali/DatiGeneraliDocumento/TipoDocumento`;
    const what = documentTypeText(tipo);
    if (TD_NOT_SELF.has(tipo) && same === true && seller) {
      out.push(
        problem(
          '00471',
          path,
          `Per il tipo documento ${what} venditore e cliente non possono coincidere (stessa partita IVA ${seller.country}${seller.code}).`,
        ),
      );
    }
    if (TD_SELF.has(tipo) && same === false) {
      out.push(problem('00472', path, `Per il tipo documento ${what} venditore e cliente devono coincidere.`));
    }
    const country = seller?.country;
    if ((TD_FOREIGN_SELLER.has(tipo) && country === 'IT') || (tipo === 'TD29' && country !== undefined && country !== 'IT')) {
      out.push(
        problem('00473', path, `Per il tipo documento ${what} il paese del venditore (${country}) non è ammesso.`),
      );
    }
    if (TD_BUYER_VAT_ID.has(tipo) && !buyer) {
      out.push(problem('00475', path, `Per il tipo documento ${what} serve la partita IVA del cliente.`));
    }
  }
  return out;
}

/**
 * Whether seller and buyer are the same subject: true with equal IdFiscaleIVA (unless both carry different
 * codici fiscali, as members of one VAT group do), false with different ones, undefined when undecidable.
 */
function sameSubject(
  sellerData: XmlElement | undefined,
  buyerData: XmlElement | undefined,
  seller: VatId | undefined,
  buyer: VatId | undefined,
): boolean | undefined {
  if (!seller || !buyer) return undefined;
  if (seller.country !== buyer.country || seller.code !== buyer.code) return false;
  const a = textAt(sellerData, 'CodiceFiscale');
  const b = textAt(buyerData, 'CodiceFiscale');
  return a !== undefined && b !== undefined && a !== b ? undefined : true;
}
