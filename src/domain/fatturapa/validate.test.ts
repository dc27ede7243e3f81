import { describe, expect, it } from 'vitest';
import { loadFatturapaSchemas, loadSample, SAMPLE_NAMES } from './test-fixtures';
import { checkInvoiceSemantics, preflightInvoice, validateInvoicesXsd, validateInvoiceXsd, type InvoiceProblem } from './validate';
import { mutate } from './validate-test-kit';

const schemas = loadFatturapaSchemas();

const FPR_00422: InvoiceProblem = {
  code: '00422',
  path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/ImponibileImporto',
  message: "La somma delle righe al 22% (25,00) non coincide con l'imponibile del riepilogo (27,00)",
};

describe('official samples (shared/fatturapa/README.md table)', () => {
  it.each(['FPA01', 'FPA02', 'FPA03', 'FPR01'] as const)('%s has no semantic problem', (name) => {
    expect(checkInvoiceSemantics(loadSample(name))).toEqual([]);
  });

  it('FPR02 fails 00422 only (lines 25.00, ImponibileImporto 27.00; Imposta 5.95 within tolerance)', () => {
    expect(checkInvoiceSemantics(loadSample('FPR02'))).toEqual([FPR_00422]);
  });

  it('FPR03 fails 00422 on body 1 only', () => {
    expect(checkInvoiceSemantics(loadSample('FPR03'))).toEqual([FPR_00422]);
  });

  it('XSD 1.2.3: five samples pass, FPR02 fails on its misplaced empty ContattiTrasmittente (line 16)', async () => {
    const results = await validateInvoicesXsd(
      SAMPLE_NAMES.map((n) => loadSample(n)),
      schemas,
    );
    const byName = Object.fromEntries(SAMPLE_NAMES.map((n, i) => [n, results[i]]));
    expect(byName).toEqual({
      FPA01: [],
      FPA02: [],
      FPA03: [],
      FPR01: [],
      FPR02: [
        {
          code: 'XSD',
          path: 'FatturaElettronicaHeader/DatiTrasmissione/ContattiTrasmittente',
          message: 'Il campo ContattiTrasmittente non è previsto in questa posizione.',
        },
      ],
      FPR03: [],
    });
  });

  it('preflight: clean samples pass, FPR02 gets exactly the XSD error and 00422, FPR03 exactly 00422', async () => {
    expect(await preflightInvoice(loadSample('FPA03'), schemas)).toEqual([]);
    const fpr02 = await preflightInvoice(loadSample('FPR02'), schemas);
    expect(fpr02.map((p) => [p.code, p.path])).toEqual([
      ['XSD', 'FatturaElettronicaHeader/DatiTrasmissione/ContattiTrasmittente'],
      ['00422', FPR_00422.path],
    ]);
    expect(await preflightInvoice(loadSample('FPR03'), schemas)).toEqual([FPR_00422]);
  });
});

describe('validateInvoiceXsd: Italian messages and field paths', () => {
  const fpr01 = loadSample('FPR01');

  it('a wrong pattern names the field and the value', async () => {
    const xml = mutate(fpr01, '<CAP>07100</CAP>', '<CAP>7100</CAP>');
    expect(await validateInvoiceXsd(xml, schemas)).toEqual([
      {
        code: 'XSD',
        path: 'FatturaElettronicaHeader/CedentePrestatore/Sede/CAP',
        message: 'Il campo CAP ha un valore ("7100") nel formato sbagliato.',
      },
    ]);
  });

  it('a missing required field', async () => {
    const xml = mutate(fpr01, '<Numero>123</Numero>', '');
    const problems = await validateInvoiceXsd(xml, schemas);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Causale[1]');
    expect(problems[0]?.message).toMatch(/^Il campo Causale non è previsto in questa posizione \(qui è atteso: .*Numero/);
  });

  it('an invalid date and an unknown code', async () => {
    const xml = mutate(mutate(fpr01, '<Data>2014-12-18</Data>', '<Data>2014-13-18</Data>'), '<TipoDocumento>TD01', '<TipoDocumento>TD99');
    const problems = await validateInvoiceXsd(xml, schemas);
    expect(problems).toEqual([
      {
        code: 'XSD',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
        message: 'Il campo TipoDocumento ha un valore ("TD99") che non è tra i codici ammessi.',
      },
      {
        code: 'XSD',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Data',
        message: 'Il campo Data ha un valore non valido ("2014-13-18") (la data va scritta AAAA-MM-GG).',
      },
    ]);
  });

  it('on a one-line document the quoted value picks the right repeated element', async () => {
    const long = 'X'.repeat(1001);
    const xml = mutate(fpr01, '<Descrizione>DESCRIZIONE DELLA FORNITURA</Descrizione>', `<Descrizione>OK</Descrizione>`)
      .replace('</DettaglioLinee>', `</DettaglioLinee><DettaglioLinee><NumeroLinea>2</NumeroLinea><Descrizione>${long}</Descrizione><Quantita>1.00</Quantita><PrezzoUnitario>0.00</PrezzoUnitario><PrezzoTotale>0.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA></DettaglioLinee>`)
      .replace(/>\s+</g, '><');
    const problems = await validateInvoiceXsd(xml, schemas);
    expect(problems.map((p) => p.path)).toEqual(['FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[2]/Descrizione']);
    expect(problems[0]?.message).toMatch(/^Il campo Descrizione ha un valore .* nel formato sbagliato\.$/);
  });

  it('a file that is not well-formed XML', async () => {
    const xml = mutate(fpr01, '</Numero>', '</Numer>');
    const problems = await validateInvoiceXsd(xml, schemas);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]?.message).toMatch(/^Il file XML non è ben formato \(riga 58\)/);
    expect(checkInvoiceSemantics(xml)).toEqual([
      { code: 'XSD', path: '', message: 'Il file XML non è ben formato: Tag di chiusura </Numer> inatteso (riga 58).' },
    ]);
    const pre = await preflightInvoice(xml, schemas);
    expect(pre.every((p) => p.code === 'XSD')).toBe(true);
    expect(pre.filter((p) => p.message.includes('ben formato'))).toHaveLength(problems.filter((p) => p.message.includes('ben formato')).length);
  });

  it('a document of another kind', async () => {
    const problems = await validateInvoiceXsd('<?xml version="1.0"?><Ordine><Numero>1</Numero></Ordine>', schemas);
    expect(problems).toEqual([
      { code: 'XSD', path: '', message: 'Il documento non è una fattura elettronica FatturaPA (elemento radice Ordine o namespace errati).' },
    ]);
    expect(checkInvoiceSemantics('<Ordine/>')).toEqual([
      { code: 'XSD', path: '', message: 'Il documento non è una fattura elettronica FatturaPA (elemento radice Ordine).' },
    ]);
  });

  it('keeps the problems of each document of a batch apart', async () => {
    const bad = mutate(fpr01, '<CAP>07100</CAP>', '<CAP>7100</CAP>');
    const results = await validateInvoicesXsd([fpr01, bad, fpr01], schemas);
    expect(results.map((r) => r.length)).toEqual([0, 1, 0]);
    expect(await validateInvoicesXsd([], schemas)).toEqual([]);
  });
});
