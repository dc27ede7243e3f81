/**
 * The page of every PDF the app draws (invoices, DDTs, the VAT summary): A4 portrait in millimetres.
 * Coordinates are written to a thousandth of a point: jsPDF's default of 16 digits made an invoice's page 40% larger
 * and its drawing about as much slower (measured on the 1,300 invoices of a month package), for no visible difference.
 *
 * This module is the app's only door to jsPDF, so the two settings below hold for every PDF it draws. Both leave the
 * bytes unchanged (the month package's 1,300 invoices compared before and after) and together took a quarter of
 * the drawing time of an invoice:
 * - jsPDF's Arabic shaping runs on every string it draws or measures (autotable measures each cell several times),
 *   character by character. Our text can hold no Arabic: it reaches jsPDF through pdfText, which keeps only what the
 *   standard fonts' WinAnsi encoding can draw. It is switched off once, before any document exists.
 * - autotable asks for the document's font list on every cell; jsPDF rebuilds it each time. A document of ours never
 *   adds a font, so each document answers with the list it had when created.
 */
import { jsPDF } from 'jspdf';

interface ArabicShaping {
  processArabic?: unknown;
  events: [string, unknown][];
}

function dropArabicShaping(api: ArabicShaping): void {
  const shape = api.processArabic;
  if (shape === undefined) return;
  // Measuring (getStringUnitWidth) calls it when present; drawing (text) through the 'preProcessText' event that
  // each new document subscribes from this list.
  api.processArabic = undefined;
  for (let i = api.events.length - 1; i >= 0; i--) if (api.events[i]?.[1] === shape) api.events.splice(i, 1);
}

dropArabicShaping(jsPDF.API);

export function a4Document(): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', floatPrecision: 3 });
  const fonts = doc.getFontList();
  doc.getFontList = () => fonts;
  return doc;
}
