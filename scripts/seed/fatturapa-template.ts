/**
 * A minimal FatturaPA 1.2 writer for demo data only: one document model rendered as XML (outgoing invoices) or
 * as the snake_case JSON of fatturapa/JSON-MAPPING.md (incoming invoices), plus a tiny valid PDF for the
 * attachments. The real builder lives in src/domain/fatturapa; this template keeps the seed independent of it.
 * Amounts are computed in cents so DatiRiepilogo always matches the lines (SDI checks 00421–00423).
 */

export interface FpParty {
  denominazione?: string;
  nome?: string;
  cognome?: string;
  partitaIva?: string;
  codiceFiscale?: string;
  indirizzo: string;
  cap: string;
  comune: string;
  provincia?: string;
  nazione: string;
}

export interface FpLine {
  descrizione: string;
  quantita: number;
  /** Net unit price. */
  prezzoUnitario: number;
  aliquota: number;
  scontoPercentuale?: number;
  codiceArticolo?: { tipo: string; valore: string };
  unitaMisura?: string;
}

export interface FpDocument {
  formato: 'FPR12' | 'FPA12';
  progressivo: string;
  codiceDestinatario: string;
  pecDestinatario?: string;
  seller: FpParty;
  buyer: FpParty;
  tipo: 'TD01' | 'TD04';
  data: string;
  numero: string;
  related?: { numero: string; data: string };
  lines: FpLine[];
  payment: { condizioni: string; modalita: string; scadenza: string; iban?: string };
  allegato?: { nome: string; base64: string };
}

interface Computed {
  lines: (FpLine & { numero: number; prezzoTotale: number })[];
  riepilogo: { aliquota: number; imponibile: number; imposta: number }[];
  totale: number;
}

const cents = (n: number) => Math.round(n * 100);

export function computeInvoice(doc: FpDocument): Computed {
  const lines = doc.lines.map((l, i) => {
    const gross = l.quantita * l.prezzoUnitario * (1 - (l.scontoPercentuale ?? 0) / 100);
    return { ...l, numero: i + 1, prezzoTotale: cents(gross) / 100 };
  });
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.aliquota, (byRate.get(l.aliquota) ?? 0) + cents(l.prezzoTotale));
  const riepilogo = [...byRate.entries()].map(([aliquota, imponibileCents]) => ({
    aliquota,
    imponibile: imponibileCents / 100,
    imposta: Math.round((imponibileCents * aliquota) / 100) / 100,
  }));
  const totale = riepilogo.reduce((s, r) => s + cents(r.imponibile) + cents(r.imposta), 0) / 100;
  return { lines, riepilogo, totale };
}

/** 2 decimals for amounts. */
export const dec2 = (n: number): string => n.toFixed(2);

/** 2 to 8 decimals: at least 2, more only when needed (prices like 1.2345). */
export function decN(n: number): string {
  const fixed = n.toFixed(8).replace(/0+$/, '');
  const [int, frac = ''] = fixed.split('.');
  return `${int}.${frac.padEnd(2, '0')}`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const el = (name: string, content: string | undefined) => (content === undefined ? '' : `<${name}>${content}</${name}>`);
const txt = (name: string, value: string | undefined) => (value === undefined ? '' : el(name, esc(value)));

function partyXml(p: FpParty, seller: boolean): string {
  const idIva = p.partitaIva ? el('IdFiscaleIVA', txt('IdPaese', p.nazione) + txt('IdCodice', p.partitaIva)) : '';
  const anagrafica = el('Anagrafica', p.denominazione ? txt('Denominazione', p.denominazione) : txt('Nome', p.nome) + txt('Cognome', p.cognome));
  const dati = el('DatiAnagrafici', idIva + txt('CodiceFiscale', p.codiceFiscale) + anagrafica + (seller ? txt('RegimeFiscale', 'RF01') : ''));
  const sede = el('Sede', txt('Indirizzo', p.indirizzo) + txt('CAP', p.cap) + txt('Comune', p.comune) + txt('Provincia', p.provincia) + txt('Nazione', p.nazione));
  return dati + sede;
}

export function renderXml(doc: FpDocument): string {
  const c = computeInvoice(doc);
  const trasmissione = el('DatiTrasmissione',
    el('IdTrasmittente', txt('IdPaese', 'IT') + txt('IdCodice', doc.seller.partitaIva)) + txt('ProgressivoInvio', doc.progressivo) +
    txt('FormatoTrasmissione', doc.formato) + txt('CodiceDestinatario', doc.codiceDestinatario) + txt('PECDestinatario', doc.pecDestinatario));
  const header = el('FatturaElettronicaHeader', trasmissione + el('CedentePrestatore', partyXml(doc.seller, true)) + el('CessionarioCommittente', partyXml(doc.buyer, false)));
  const generali = el('DatiGenerali',
    el('DatiGeneraliDocumento', txt('TipoDocumento', doc.tipo) + txt('Divisa', 'EUR') + txt('Data', doc.data) + txt('Numero', doc.numero) + txt('ImportoTotaleDocumento', dec2(c.totale))) +
    (doc.related ? el('DatiFattureCollegate', txt('IdDocumento', doc.related.numero) + txt('Data', doc.related.data)) : ''));
  const linee = c.lines.map((l) => el('DettaglioLinee',
    txt('NumeroLinea', String(l.numero)) + (l.codiceArticolo ? el('CodiceArticolo', txt('CodiceTipo', l.codiceArticolo.tipo) + txt('CodiceValore', l.codiceArticolo.valore)) : '') +
    txt('Descrizione', l.descrizione) + txt('Quantita', decN(l.quantita)) + txt('UnitaMisura', l.unitaMisura) + txt('PrezzoUnitario', decN(l.prezzoUnitario)) +
    (l.scontoPercentuale ? el('ScontoMaggiorazione', txt('Tipo', 'SC') + txt('Percentuale', dec2(l.scontoPercentuale))) : '') +
    txt('PrezzoTotale', decN(l.prezzoTotale)) + txt('AliquotaIVA', dec2(l.aliquota)))).join('');
  const riepilogo = c.riepilogo.map((r) => el('DatiRiepilogo', txt('AliquotaIVA', dec2(r.aliquota)) + txt('ImponibileImporto', dec2(r.imponibile)) + txt('Imposta', dec2(r.imposta)) + txt('EsigibilitaIVA', doc.formato === 'FPA12' ? 'S' : 'I'))).join('');
  const pagamento = el('DatiPagamento', txt('CondizioniPagamento', doc.payment.condizioni) +
    el('DettaglioPagamento', txt('ModalitaPagamento', doc.payment.modalita) + txt('DataScadenzaPagamento', doc.payment.scadenza) + txt('ImportoPagamento', dec2(c.totale)) + txt('IBAN', doc.payment.iban)));
  const allegati = doc.allegato ? el('Allegati', txt('NomeAttachment', doc.allegato.nome) + txt('FormatoAttachment', 'PDF') + txt('Attachment', doc.allegato.base64)) : '';
  const body = el('FatturaElettronicaBody', generali + el('DatiBeniServizi', linee + riepilogo) + pagamento + allegati);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="${doc.formato}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${header}${body}</p:FatturaElettronica>`;
}

type Json = Record<string, unknown>;
const defined = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function partyJson(p: FpParty, seller: boolean): Json {
  return {
    dati_anagrafici: defined({
      id_fiscale_iva: p.partitaIva ? { id_paese: p.nazione, id_codice: p.partitaIva } : undefined,
      codice_fiscale: p.codiceFiscale,
      anagrafica: p.denominazione ? { denominazione: p.denominazione } : { nome: p.nome, cognome: p.cognome },
      regime_fiscale: seller ? 'RF01' : undefined,
    }),
    sede: defined({ indirizzo: p.indirizzo, cap: p.cap, comune: p.comune, provincia: p.provincia, nazione: p.nazione }),
  };
}

/** The incoming-invoice JSON (keys in schema order, repeatable elements always arrays, decimals as strings). */
export function renderJson(doc: FpDocument): Json {
  const c = computeInvoice(doc);
  return {
    fattura_elettronica_header: {
      dati_trasmissione: defined({
        id_trasmittente: { id_paese: 'IT', id_codice: doc.seller.partitaIva },
        progressivo_invio: doc.progressivo,
        formato_trasmissione: doc.formato,
        codice_destinatario: doc.codiceDestinatario,
        pec_destinatario: doc.pecDestinatario,
      }),
      cedente_prestatore: partyJson(doc.seller, true),
      cessionario_committente: partyJson(doc.buyer, false),
    },
    fattura_elettronica_body: [defined({
      dati_generali: {
        dati_generali_documento: { tipo_documento: doc.tipo, divisa: 'EUR', data: doc.data, numero: doc.numero, importo_totale_documento: dec2(c.totale) },
      },
      dati_beni_servizi: {
        dettaglio_linee: c.lines.map((l) => defined({
          numero_linea: l.numero,
          codice_articolo: l.codiceArticolo ? [{ codice_tipo: l.codiceArticolo.tipo, codice_valore: l.codiceArticolo.valore }] : undefined,
          descrizione: l.descrizione,
          quantita: decN(l.quantita),
          unita_misura: l.unitaMisura,
          prezzo_unitario: decN(l.prezzoUnitario),
          sconto_maggiorazione: l.scontoPercentuale ? [{ tipo: 'SC', percentuale: dec2(l.scontoPercentuale) }] : undefined,
          prezzo_totale: decN(l.prezzoTotale),
          aliquota_iva: dec2(l.aliquota),
        })),
        dati_riepilogo: c.riepilogo.map((r) => ({ aliquota_iva: dec2(r.aliquota), imponibile_importo: dec2(r.imponibile), imposta: dec2(r.imposta), esigibilita_iva: 'I' })),
      },
      dati_pagamento: [{
        condizioni_pagamento: doc.payment.condizioni,
        dettaglio_pagamento: [defined({ modalita_pagamento: doc.payment.modalita, data_scadenza_pagamento: doc.payment.scadenza, importo_pagamento: dec2(c.totale), iban: doc.payment.iban })],
      }],
      allegati: doc.allegato ? [{ nome_attachment: doc.allegato.nome, formato_attachment: 'PDF', attachment: doc.allegato.base64 }] : undefined,
    })],
  };
}

/** A one-page PDF (Helvetica text lines), with a correct xref table; base64 encoded. ASCII text only. */
export function tinyPdfBase64(textLines: string[]): string {
  const safe = (s: string) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (m) => `\\${m}`);
  const content = `BT /F1 12 Tf 56 780 Td 16 TL ${textLines.map((l) => `(${safe(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return btoa(pdf);
}
