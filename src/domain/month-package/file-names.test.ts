import { describe, expect, it } from 'vitest';
import { sdiBaseName, UniqueNames } from './file-names';

const view = (progressivoInvio: string | undefined, number = '7') => ({ seller: { name: 'Bottega', vatId: { country: 'IT', code: '08123450150' } }, progressivoInvio, number });

describe('the SDI names of issued invoices in the package', () => {
  it('keeps the whole ProgressivoInvio: S00007…S00016 are ten names, none cut and none with _2', () => {
    const names = new UniqueNames();
    const taken = Array.from({ length: 10 }, (_, i) => names.take(sdiBaseName(view(`S${String(7 + i).padStart(5, '0')}`), '08123450150'), '.xml'));
    expect(taken).toEqual(Array.from({ length: 10 }, (_, i) => `IT08123450150_S${String(7 + i).padStart(5, '0')}.xml`));
  });

  it('uses the name the provider says the SDI received, when the Invoice holds it', () => {
    expect(sdiBaseName(view('S00013'), '08123450150', 'IT08123450150_AB12C.xml')).toBe('IT08123450150_AB12C');
  });

  it('falls back to the shop’s VAT number and the invoice number', () => {
    expect(sdiBaseName({ seller: { name: 'X' }, progressivoInvio: undefined, number: '2026/7' }, 'IT 01234567890')).toMatch(/^IT01234567890_2026.?7$/);
  });
});
