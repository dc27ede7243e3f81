import { describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES, columnCountProblem, csvBytesProblem, csvSizeProblem, unknownEncodingProblem } from './file-screening';
import { decodeCsvBytes } from './csv';

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('file screening before a CSV import', () => {
  it('accepts ordinary CSV text: UTF-8 with or without BOM, Windows-1252, UTF-16 with BOM', () => {
    expect(csvBytesProblem(utf8('\uFEFFNome;Città\r\nBar;Forlì\r\n'))).toBeUndefined();
    expect(csvBytesProblem(bytes(...[...'Nome;Citt'].map((c) => c.charCodeAt(0)), 0xe0, 0x0d, 0x0a))).toBeUndefined();
    expect(csvBytesProblem(bytes(0xff, 0xfe, 0x4e, 0x00, 0x6f, 0x00))).toBeUndefined();
  });

  it('refuses a file over 20 MB by its size alone, naming the size and the limit', () => {
    expect(csvSizeProblem(MAX_CSV_BYTES)).toBeUndefined();
    expect(csvSizeProblem(50 * 1024 * 1024)).toBe('il file è troppo grande (50 MB): il limite è 20 MB. Dividilo in più file e importali insieme.');
  });

  it('recognises the files picked by mistake: xlsx, xls, PDF, images, any binary', () => {
    expect(csvBytesProblem(bytes(0x50, 0x4b, 0x03, 0x04, 1, 2))).toMatch(/^il file non è un CSV ma un file Excel \(\.xlsx\)/);
    expect(csvBytesProblem(bytes(0xd0, 0xcf, 0x11, 0xe0))).toMatch(/Excel \(\.xls\)/);
    expect(csvBytesProblem(utf8('%PDF-1.7\n'))).toBe('il file non è un CSV ma un PDF.');
    expect(csvBytesProblem(bytes(0x89, 0x50, 0x4e, 0x47))).toBe("il file non è un CSV ma un'immagine.");
    expect(csvBytesProblem(bytes(0x4e, 0x6f, 0x00, 0x6d))).toMatch(/contiene dati binari/);
    const noisy = new Uint8Array(1000).fill(0x41);
    for (let i = 0; i < 20; i++) noisy[i * 50] = 0x07;
    expect(csvBytesProblem(noisy)).toMatch(/caratteri di controllo/);
  });

  it('tells a file in an unknown encoding from an Italian Windows-1252 one', () => {
    const italian = decodeCsvBytes(bytes(...[...'Caff'].map((c) => c.charCodeAt(0)), 0xe8, 0x3b, 0x80, 0x3b, 0xe0, 0xf2, 0xf9, 0xec, 0xe9, 0xb0, 0x92, 0x93, 0x94));
    expect(italian.encoding).toBe('windows-1252');
    expect(unknownEncodingProblem(italian.text)).toBeUndefined();
    // Shift-JIS 'テスト,データ' repeated: lead bytes 0x83 decode as 'ƒ' in Windows-1252.
    const shiftJis = decodeCsvBytes(bytes(...Array.from({ length: 10 }, () => [0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x2c]).flat()));
    expect(shiftJis.encoding).toBe('windows-1252');
    expect(unknownEncodingProblem(shiftJis.text)).toMatch(/^la codifica del file non è riconosciuta/);
  });

  it('decodes UTF-16 (Excel "Testo Unicode") in both byte orders', () => {
    const le = new Uint8Array([0xff, 0xfe, ...[...'Nome\tCittà'].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    expect(decodeCsvBytes(le)).toEqual({ text: 'Nome\tCittà', encoding: 'utf-16' });
    const be = new Uint8Array([0xfe, 0xff, ...[...'Né'].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff])]);
    expect(decodeCsvBytes(be)).toEqual({ text: 'Né', encoding: 'utf-16' });
  });

  it('refuses a table of thousands of columns, with the count written the Italian way', () => {
    expect(columnCountProblem(40)).toBeUndefined();
    expect(columnCountProblem(10000)).toBe('il file ha 10.000 colonne (al massimo 500): controlla che sia il file giusto e che il separatore sia il punto e virgola.');
  });
});
