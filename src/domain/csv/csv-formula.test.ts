import { describe, expect, it } from 'vitest';
import { neutralizeFormula, parseCsv, restoreFormula, toCsv } from './csv';

const hostile = ['=HYPERLINK("http://evil.example","Clicca")', '+SUM(A1:A9)', '-2+3', '@cmd', '\t=1+1', '\r=1+1', "'=già protetto"];

describe('CSV formula injection (OWASP)', () => {
  it('every export cell that a spreadsheet would run as a formula starts with an apostrophe', () => {
    const csv = toCsv(['Nome'], hostile.map((h) => [h]));
    const lines = csv.replace('\uFEFF', '').split('\r\n').slice(1, -1);
    for (const line of lines) expect(line.replace(/^"/, '')).toMatch(/^'/);
  });

  it('real numbers, negative ones included, and plain numeric text stay numbers', () => {
    expect(toCsv(['Importo', 'Testo'], [[-12.5, '-12,50']])).toContain('-12,5;-12,50');
    expect(neutralizeFormula('+39 02 1234')).toBe("'+39 02 1234");
    expect(neutralizeFormula('Rossi')).toBe('Rossi');
  });

  it('export → import gives back the original text', () => {
    const names = [...hostile.filter((h) => !/^[\t\r]/.test(h)), 'Mario Rossi', "l'idraulico", "''=doppio"];
    const parsed = parseCsv(toCsv(['Nome'], names.map((n) => [n])));
    expect(parsed.rows.map((r) => r.Nome)).toEqual(names);
    for (const n of names) expect(restoreFormula(neutralizeFormula(n))).toBe(n);
  });
});
