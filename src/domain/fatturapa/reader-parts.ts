/**
 * Pieces of the invoice reading shared by the ordinary (FPA12/FPR12) and the simplified (FSM10) documents.
 */
import { decimalToCents } from '../money/decimal';
import { add, parseDec, ZERO } from './exact-decimal';
import type { AddressView, AttachmentView } from './invoice-view';
import { asObject, objects, str, type JsonObject, type JsonValue } from './json-form';

export function readAddress(sede: JsonValue | undefined): AddressView | undefined {
  const o = asObject(sede);
  if (!o) return undefined;
  return {
    street: str(o.indirizzo) ?? '',
    streetNumber: str(o.numero_civico),
    cap: str(o.cap) ?? '',
    city: str(o.comune) ?? '',
    province: str(o.provincia),
    nation: str(o.nazione) ?? '',
  };
}

const MIME_BY_FORMAT: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  txt: 'text/plain',
  htm: 'text/html',
  html: 'text/html',
  csv: 'text/csv',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function mimeType(name: string, format: string | undefined, compression: string | undefined): string {
  if (compression) return MIME_BY_FORMAT[compression.toLowerCase()] ?? 'application/octet-stream';
  const key = (format ?? /\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase().replace(/^\./, '');
  return MIME_BY_FORMAT[key] ?? 'application/octet-stream';
}

export function readAttachments(value: JsonValue | undefined): AttachmentView[] {
  return objects(value).map((a) => {
    const name = str(a.nome_attachment) ?? '';
    const format = str(a.formato_attachment);
    const compression = str(a.algoritmo_compressione);
    return {
      name,
      format,
      compression,
      description: str(a.descrizione_attachment),
      mimeType: mimeType(name, format, compression),
      base64: (str(a.attachment) ?? '').replace(/\s+/g, ''),
    };
  });
}

/** Causale: a list of strings (or a single string). */
export function objectsOrText(value: JsonValue | undefined): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.flatMap((v) => {
    const s = str(v);
    return s === undefined ? [] : [s];
  });
}

/** Σ ImponibileImporto + Σ Imposta, summed exactly from the decimal strings. */
export function summaryTotal(summaries: JsonObject[]): number {
  let total = ZERO;
  for (const s of summaries) {
    for (const v of [s.imponibile_importo, s.imposta]) {
      const d = parseDec(str(v));
      if (d) total = add(total, d);
    }
  }
  return decimalToCents(total) / 100;
}
