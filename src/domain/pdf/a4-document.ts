/**
 * The page of every PDF the app draws (invoices, DDTs, the VAT summary): A4 portrait in millimetres.
 * Coordinates are written to a thousandth of a point: jsPDF's default of 16 digits made an invoice's page 40% larger
 * and its drawing about as much slower (1,300 invoices of the month package: issue 37 §4), for no visible difference.
 */
import { jsPDF } from 'jspdf';

export function a4Document(): jsPDF {
  return new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', floatPrecision: 3 });
}
