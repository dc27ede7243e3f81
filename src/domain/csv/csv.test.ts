import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsvBytes, detectDelimiter, parseCsv, parseCsvDate, parseCsvNumber, toCsv } from './csv';

const win1252 = (text: string) => Uint8Array.from([...text].map((ch) => ({ à: 0xe0, è: 0xe8, é: 0xe9, ì: 0xec, ò: 0xf2, ù: 0xf9, '€': 0x80 })[ch] ?? ch.charCodeAt(0)));

describe('export', () => {
  it('semicolons, BOM, decimal comma, dd/MM/yyyy, quotes only where needed', () => {
    const text = toCsv(['Data', 'Cliente', 'Importo'], [[new Date(2026, 10, 3), 'Rossi; Bianchi', 1234.5], [new Date(2026, 0, 9), 'Caffè "Roma"', 0.1]]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual(['Data;Cliente;Importo', '03/11/2026;"Rossi; Bianchi";1234,5', '09/01/2026;"Caffè ""Roma""";0,1', '']);
  });

  it('reads back through the importer unchanged', () => {
    const rows = [[new Date(2026, 10, 3), 'Riga\ncon a capo', 12.34], [undefined, 'Città', -5]];
    const parsed = parseCsv(decodeCsvBytes(new TextEncoder().encode(toCsv(['Data', 'Nome', 'Importo'], rows))).text);
    expect(parsed.headers).toEqual(['Data', 'Nome', 'Importo']);
    expect(parsed.rows.map((r) => [parseCsvDate(r.Data ?? ''), r.Nome, parseCsvNumber(r.Importo ?? '')])).toEqual(rows);
  });
});

describe('import', () => {
  it('decodes UTF-8 with and without BOM, and Windows-1252 with accents right', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFFCittà;€')).text).toBe('Città;€');
    expect(decodeCsvBytes(new TextEncoder().encode('Città')).encoding).toBe('utf-8');
    const legacy = decodeCsvBytes(win1252('Città;perché;€'));
    expect(legacy).toEqual({ text: 'Città;perché;€', encoding: 'windows-1252' });
  });

  it('detects the delimiter from the header, ignoring separators inside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectDelimiter('"a;b",c,d\n1,2,3')).toBe(',');
    expect(detectDelimiter('\n\na\tb\n')).toBe('\t');
  });

  it('quoted newlines, blank lines, trailing empty columns, header spaces', () => {
    const parsed = parseCsv('Nome , P.IVA;;\r\n\r\n"Bar\nCentrale";01234567890;;\r\n\r\nEdicola;;\r\n');
    expect(parsed.headers).toEqual(['Nome , P.IVA']);
    const again = parseCsv(' Nome ;P.IVA;;\r\n\r\n"Bar\nCentrale";01234567890;;\r\n\r\nEdicola;;\r\n');
    expect(again.headers).toEqual(['Nome', 'P.IVA']);
    expect(again.rows).toEqual([{ Nome: 'Bar\nCentrale', 'P.IVA': '01234567890' }, { Nome: 'Edicola', 'P.IVA': '' }]);
  });

  it('an empty file is refused with an Italian message', () => {
    expect(() => parseCsv('\n\n')).toThrow(CsvError);
    expect(() => parseCsv('')).toThrow('Il file CSV è vuoto');
  });

  it('numbers and dates the Italian way', () => {
    expect(parseCsvNumber('1.234,56')).toBe(1234.56);
    expect(parseCsvNumber('12.5')).toBe(12.5);
    expect(parseCsvNumber('€ 3,00')).toBe(3);
    expect(parseCsvNumber('abc')).toBeUndefined();
    expect(parseCsvDate('3/11/2026')).toEqual(new Date(2026, 10, 3));
    expect(parseCsvDate('31/02/2026')).toBeUndefined();
  });
});

describe("Excel's 'sep=' first line", () => {
  it('is not the header row: it names the separator and the rows keep their line numbers in the file', () => {
    const parsed = parseCsv('\uFEFFsep=;\r\nNome;P.IVA\r\nRossi;01234567897\r\n');
    expect(parsed.headers).toEqual(['Nome', 'P.IVA']);
    expect(parsed.rows).toEqual([{ Nome: 'Rossi', 'P.IVA': '01234567897' }]);
    expect(parsed.lineOf).toEqual([3]);
    expect(parsed.delimiter).toBe(';');
  });

  it('wins over the guessed delimiter', () => {
    const parsed = parseCsv('sep=,\nNome,Prezzo\n"Vite; testa piatta","1,50"\n');
    expect(parsed.rows).toEqual([{ Nome: 'Vite; testa piatta', Prezzo: '1,50' }]);
  });
});
