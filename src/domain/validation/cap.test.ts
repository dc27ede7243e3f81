import { describe, expect, it } from 'vitest';
import { isItalianCap, ITALIAN_CAP_MESSAGE } from './cap';

describe('isItalianCap', () => {
  it('exactly five digits, leading zeros kept, spaces around ignored', () => {
    for (const cap of ['16124', '00184', ' 20121 ']) expect(isItalianCap(cap)).toBe(true);
    for (const cap of ['1610', '161240', '16 124', 'D-10115', '']) expect(isItalianCap(cap)).toBe(false);
    expect(ITALIAN_CAP_MESSAGE).toBe('Il CAP italiano ha 5 cifre.');
  });
});
