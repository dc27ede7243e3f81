/**
 * The Italian postcode (CAP): exactly five digits, leading zeros included ('00184'). One rule for the customers'
 * form, the shop registration wizard and the invoices' addresses.
 */
const CAP = /^\d{5}$/;

export const ITALIAN_CAP_MESSAGE = 'Il CAP italiano ha 5 cifre.';

export function isItalianCap(value: string): boolean {
  return CAP.test(value.trim());
}
