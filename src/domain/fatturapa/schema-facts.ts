/**
 * Facts of the FatturaPA 1.2.x schema that the reader and the validator share.
 */

/**
 * Elements with maxOccurs="unbounded" (or > 1) in the XSD: always lists in the JSON form, always indexed in paths.
 * Element names are unique enough in FatturaPA that the local name decides (see JSON-MAPPING.md §2).
 */
export const REPEATABLE_ELEMENTS: ReadonlySet<string> = new Set([
  'FatturaElettronicaBody',
  'DatiRitenuta',
  'DatiCassaPrevidenziale',
  'ScontoMaggiorazione',
  'Causale',
  'DatiOrdineAcquisto',
  'DatiContratto',
  'DatiConvenzione',
  'DatiRicezione',
  'DatiFattureCollegate',
  'RiferimentoNumeroLinea',
  'DatiSAL',
  'DatiDDT',
  'DettaglioLinee',
  'CodiceArticolo',
  'AltriDatiGestionali',
  'DatiRiepilogo',
  'DatiPagamento',
  'DettaglioPagamento',
  'Allegati',
]);

/** SdI refuses files larger than 5 MB (code 00003), read as 5,000,000 bytes. */
export const MAX_FILE_BYTES = 5_000_000;
