import { describe, expect, it } from 'vitest';
import { cleanTypedText, tooLongMessage } from './typed-text';

describe('cleanTypedText', () => {
  it('drops control characters, bidi overrides and zero-width marks, keeping letters, accents and emoji', () => {
    const hostile = 'Ma\u0000rio\u0007 Ro\u202Essi\u202C \u200BSrl\u2066\u2069\uFEFF — Forlì 👩‍🍳';
    expect(cleanTypedText(hostile, { multiline: false })).toBe('Mario Rossi Srl — Forlì 👩‍🍳');
  });

  it('turns line breaks and tabs into a space in a single-line field, keeps them in a multi-line one', () => {
    expect(cleanTypedText('Via Roma\r\n1\tint. 2', { multiline: false })).toBe('Via Roma 1 int. 2');
    expect(cleanTypedText('Riga 1\nRiga\t2\u0085', { multiline: true })).toBe('Riga 1\nRiga\t2');
  });

  it('leaves ordinary text exactly as typed', () => {
    for (const text of ['', 'Caffè & Co. S.r.l.', 'IT01234567890', "L'Aquila", '€ 1.234,56']) expect(cleanTypedText(text, { multiline: false })).toBe(text);
  });

  it('names the limit the Italian way', () => {
    expect(tooLongMessage(5000)).toBe('Testo troppo lungo: questo campo accetta al massimo 5000 caratteri. Il resto non è stato inserito.');
  });
});
