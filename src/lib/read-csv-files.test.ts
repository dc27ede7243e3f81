import { describe, expect, it } from 'vitest';
import { headersOf, readCsvFiles, type CsvFileSource } from './read-csv-files';

const file = (name: string, content: string | Uint8Array): CsvFileSource => ({
  name,
  arrayBuffer: () => {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  },
});

describe('readCsvFiles', () => {
  it('reads every file in order: rows with file name and line, encoding and delimiter detected, headers once', async () => {
    const legacy = Uint8Array.from([...'Nome;Città\r\nBar;Forlì\r\n'].map((ch) => (ch === 'ì' ? 0xec : ch.charCodeAt(0))));
    const read = await readCsvFiles([file('a.csv', '\uFEFFNome;P.IVA\r\nRossi;01234567890\r\nBianchi;\r\n'), file('b.csv', 'Nome,Email\n"Verdi\nSrl",v@x.it\n'), file('c.csv', legacy)]);
    expect(read.errors).toEqual([]);
    expect(read.files.map((f) => [f.name, f.encoding, f.delimiter, f.headers])).toEqual([
      ['a.csv', 'utf-8', ';', ['Nome', 'P.IVA']],
      ['b.csv', 'utf-8', ',', ['Nome', 'Email']],
      ['c.csv', 'windows-1252', ';', ['Nome', 'Città']],
    ]);
    expect(read.files[0]?.rows).toEqual([
      { file: 'a.csv', line: 2, row: { Nome: 'Rossi', 'P.IVA': '01234567890' } },
      { file: 'a.csv', line: 3, row: { Nome: 'Bianchi', 'P.IVA': '' } },
    ]);
    expect(read.files[1]?.rows).toEqual([{ file: 'b.csv', line: 2, row: { Nome: 'Verdi\nSrl', Email: 'v@x.it' } }]);
    expect(read.files[2]?.rows[0]?.row).toEqual({ Nome: 'Bar', Città: 'Forlì' });
    expect(read.headers).toEqual(['Nome', 'P.IVA', 'Email', 'Città']);
  });

  it('names each file that is empty, has only a header, or cannot be read, and keeps reading the others', async () => {
    const unreadable: CsvFileSource = { name: 'rotto.csv', arrayBuffer: () => Promise.reject(new Error('NotReadableError')) };
    const read = await readCsvFiles([file('vuoto.csv', '\r\n\r\n'), file('solo-intestazione.csv', 'Nome;P.IVA\r\n'), unreadable, file('ok.csv', 'Nome\r\nRossi\r\n')]);
    expect(read.errors).toEqual([
      'vuoto.csv: Il file CSV è vuoto o non ha una riga di intestazione.',
      'solo-intestazione.csv: il file non contiene righe di dati.',
      'rotto.csv: il file non è un CSV leggibile.',
    ]);
    expect(read.files.map((f) => f.name)).toEqual(['solo-intestazione.csv', 'ok.csv']);
  });

  it('no choice (null or empty list): nothing read, no error', async () => {
    expect(await readCsvFiles(null)).toEqual({ files: [], errors: [], headers: [] });
    expect(await readCsvFiles([])).toEqual({ files: [], errors: [], headers: [] });
  });
});

describe('headersOf', () => {
  it('each header once, in order of appearance', () => {
    expect(headersOf([{ headers: ['A', 'B'] }, { headers: ['B', 'C'] }])).toEqual(['A', 'B', 'C']);
  });
});

describe('readCsvFiles with hostile files', () => {
  it('refuses each hostile file whole with its Italian message and keeps reading the good ones', async () => {
    const huge: CsvFileSource = { name: 'enorme.csv', size: 50 * 1024 * 1024, arrayBuffer: () => Promise.reject(new Error('must not be read')) };
    const wide = `${Array.from({ length: 10000 }, (_, i) => `C${i}`).join(';')}\r\n${'x;'.repeat(9999)}x\r\n`;
    const read = await readCsvFiles([
      file('vuoto.csv', ''),
      huge,
      file('foglio.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])),
      file('binario.csv', Uint8Array.from([0x4e, 0x00, 0x01, 0x02])),
      file('larghissimo.csv', wide),
      file('ok.csv', 'Nome\r\nRossi\r\n'),
    ]);
    expect(read.errors).toEqual([
      'vuoto.csv: Il file CSV è vuoto o non ha una riga di intestazione.',
      'enorme.csv: il file è troppo grande (50 MB): il limite è 20 MB. Dividilo in più file e importali insieme.',
      'foglio.xlsx: il file non è un CSV ma un file Excel (.xlsx) o un archivio ZIP: in Excel usa «Salva con nome» → «CSV UTF-8».',
      'binario.csv: il file non è un CSV di testo (contiene dati binari). Esporta il foglio come «CSV UTF-8» e riprova.',
      'larghissimo.csv: il file ha 10.000 colonne (al massimo 500): controlla che sia il file giusto e che il separatore sia il punto e virgola.',
    ]);
    expect(read.files.map((f) => f.name)).toEqual(['ok.csv']);
  });

  it('reads a UTF-16 file exported by Excel as "Testo Unicode" (tab separated)', async () => {
    const text = 'Nome\tCittà\r\nBar\tForlì\r\n';
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    const read = await readCsvFiles([file('unicode.txt', utf16)]);
    expect(read.errors).toEqual([]);
    expect(read.files[0]).toMatchObject({ encoding: 'utf-16', delimiter: '\t', headers: ['Nome', 'Città'] });
    expect(read.files[0]?.rows[0]?.row).toEqual({ Nome: 'Bar', Città: 'Forlì' });
  });
});
