/**
 * Pack quantity parser (document 1 §9, document 2 §9): how many pieces a product description names as a whole.
 * 'coppia' means 2; a pack code followed (or preceded) by a number gives that number: 'CF 6', 'CONF.12',
 * 'CT24', 'BOX x 10', 'PZ 3', '6 PCS', '12pz'. Without a pack it is 1. Pure.
 */
const CODES = ['CONF', 'CF', 'CT', 'BOX', 'PCS', 'PZ'];
const CODE = `(?:${CODES.join('|')})`;
/** Code then number: 'CF 6', 'CONF.12', 'CT24', 'BOX x 10', 'PZ: 3'. */
const CODE_FIRST = new RegExp(`(?:^|[^A-Z0-9])${CODE}\\.?\\s*(?:[X×:]\\s*)?(\\d{1,4})(?![0-9.,]\\d)`, 'i');
/** Number then code: '6 PCS', '12pz', '24 x CT'. */
const NUMBER_FIRST = new RegExp(`(?:^|[^0-9.,])(\\d{1,4})\\s*(?:[X×]\\s*)?${CODE}(?![A-Z])`, 'i');
const COPPIA = /(?:^|[^a-zà-ü])coppi[ae](?![a-zà-ü])/i;

/** Largest pack we believe: above it the number is a code or a size ('CT 2025'), not a count. */
export const MAX_PACK = 1000;

export function packQuantity(description: string): number {
  const text = description.trim();
  if (!text) return 1;
  for (const re of [CODE_FIRST, NUMBER_FIRST]) {
    const m = re.exec(text);
    const n = m ? Number(m[1]) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_PACK) return n;
  }
  return COPPIA.test(text) ? 2 : 1;
}
