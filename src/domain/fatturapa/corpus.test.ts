/**
 * Generated corpus: 320 invoices from a fixed seed, built, then checked against the official XSD 1.2.3
 * (xmllint-wasm), the offline SdI checks (validate.ts) and our own arithmetic re-computed from the XML text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as D from '../money/decimal';
import type { Decimal } from '../money/decimal';
import { buildInvoiceXml } from './builder';
import { generateCorpus } from './test-corpus';
import { loadFatturapaSchemas } from './test-fixtures';
import type { BuildInvoiceInput } from './types';
import { checkInvoiceSemantics, validateInvoicesXsd } from './validate';
import { at, childrenNamed, parseXml, textAt, type XmlElement } from './xml-tree';

const SEED = 20260401;
const COUNT = 320;
const HUNDRED = D.dec(100);

const corpus: BuildInvoiceInput[] = generateCorpus(SEED, COUNT);
let xmls: string[] = [];

beforeAll(() => {
  xmls = corpus.map(buildInvoiceXml);
});

function num(el: XmlElement | undefined, ...path: string[]): Decimal {
  const t = textAt(el, ...path);
  if (t === undefined) throw new Error(`missing ${path.join('/')}`);
  return D.dec(t);
}

function adjusted(line: XmlElement): Decimal {
  let price = num(line, 'PrezzoUnitario');
  for (const sm of childrenNamed(line, 'ScontoMaggiorazione')) {
    const sign = textAt(sm, 'Tipo') === 'SC' ? -1n : 1n;
    const pct = textAt(sm, 'Percentuale');
    const delta = pct !== undefined ? D.div(D.mul(price, D.dec(pct)), HUNDRED, 20) : num(sm, 'Importo');
    price = D.add(price, { units: delta.units * sign, scale: delta.scale });
  }
  return price;
}

describe('generated corpus', () => {
  it('covers what it claims to cover', () => {
    expect(corpus).toHaveLength(COUNT);
    const all = corpus.flatMap((c) => c.draft.lines);
    expect(new Set(all.map((l) => l.vatRate))).toEqual(new Set([22, 10, 5, 4, 0]));
    expect(new Set(all.filter((l) => l.vatRate === 0).map((l) => l.natura)).size).toBe(21);
    expect(all.filter((l) => l.adjustment?.percent !== undefined).length).toBeGreaterThan(100);
    expect(all.filter((l) => l.adjustment?.amountPerUnit !== undefined).length).toBeGreaterThan(100);
    expect(all.filter((l) => !Number.isInteger(l.quantity)).length).toBeGreaterThan(100);
    expect(all.some((l) => l.description.length > 1000)).toBe(true);
    expect(corpus.filter((c) => c.draft.documentType === 'TD04').length).toBeGreaterThan(30);
    expect(xmls.filter((x) => x.includes('versione="FPA12"')).length).toBeGreaterThan(30);
    expect(xmls.filter((x) => x.includes('<CodiceDestinatario>XXXXXXX<')).length).toBeGreaterThan(10);
    expect(xmls.filter((x) => x.includes('<PECDestinatario>')).length).toBeGreaterThan(10);
    expect(xmls.filter((x) => /&amp;|&lt;|&gt;/.test(x)).length).toBeGreaterThan(COUNT * 0.9);
    expect(Math.max(...corpus.map((c) => c.draft.lines.length))).toBeGreaterThan(60);
  });

  it('validates against the official XSD 1.2.3', async () => {
    // a deliberately broken copy of the first invoice goes last in the batch: proves the check is not vacuous
    const broken = (xmls[0] ?? '').replace('<Divisa>EUR</Divisa>', '<Divisa>EURO</Divisa>');
    const results = await validateInvoicesXsd([...xmls, broken], loadFatturapaSchemas());
    expect(results.pop()?.length).toBeGreaterThan(0);
    const failures = results.flatMap((problems, i) => problems.map((p) => `#${String(i + 1)} ${p.path}: ${p.message}`));
    expect(failures).toEqual([]);
  }, 120_000);

  it('has zero problems in the offline SdI checks', () => {
    // control: the first invoice with its first ImponibileImporto raised by 5 euro must fail 00422
    const tampered = (xmls[0] ?? '').replace(/<ImponibileImporto>(\d+)\./, (_, int: string) => `<ImponibileImporto>${String(Number(int) + 5)}.`);
    expect(checkInvoiceSemantics(tampered).map((p) => p.code)).toContain('00422');
    const failures = xmls.flatMap((xml, i) => checkInvoiceSemantics(xml).map((p) => `#${String(i + 1)} ${p.code} ${p.path}: ${p.message}`));
    expect(failures).toEqual([]);
  });

  it('satisfies 00421, 00422 and 00423 exactly as written, and the totals add up', () => {
    xmls.forEach((xml, i) => {
      const body = at(parseXml(xml), 'FatturaElettronicaBody');
      const goods = at(body, 'DatiBeniServizi');
      const byRate = new Map<string, Decimal>();
      for (const line of childrenNamed(goods, 'DettaglioLinee')) {
        const total = num(line, 'PrezzoTotale');
        const exact = D.mul(adjusted(line), num(line, 'Quantita'));
        // 00423: within a cent; our construction keeps it within half a cent
        expect(D.cmp(D.abs(D.sub(total, exact)), D.dec('0.005')), `#${String(i + 1)} line`).toBeLessThanOrEqual(0);
        const key = D.toFixed(num(line, 'AliquotaIVA'), 2);
        byRate.set(key, D.add(byRate.get(key) ?? D.ZERO, total));
      }
      let taxable = D.ZERO;
      let vat = D.ZERO;
      const summaryByRate = new Map<string, Decimal>();
      for (const s of childrenNamed(goods, 'DatiRiepilogo')) {
        const imponibile = num(s, 'ImponibileImporto');
        const imposta = num(s, 'Imposta');
        const rate = num(s, 'AliquotaIVA');
        // 00421 with zero tolerance
        expect(D.toFixed(imposta, 2)).toBe(D.toFixed(D.round(D.div(D.mul(imponibile, rate), HUNDRED, 10), 2), 2));
        const key = D.toFixed(rate, 2);
        summaryByRate.set(key, D.add(summaryByRate.get(key) ?? D.ZERO, imponibile));
        taxable = D.add(taxable, imponibile);
        vat = D.add(vat, imposta);
      }
      // 00422 with zero tolerance (no Arrotondamento is ever written)
      expect([...summaryByRate].map(([k, v]) => [k, D.toFixed(v, 2)]).sort()).toEqual(
        [...byRate].map(([k, v]) => [k, D.toFixed(v, 2)]).sort(),
      );
      const total = num(body, 'DatiGenerali', 'DatiGeneraliDocumento', 'ImportoTotaleDocumento');
      expect(D.cmp(total, D.add(taxable, vat))).toBe(0);
    });
  });

  it('stays within rounding distance of the gross amounts the shop entered', () => {
    xmls.forEach((xml, i) => {
      const input = corpus[i];
      if (!input) throw new Error('missing input');
      let expected = 0;
      for (const l of input.draft.lines) {
        const a = l.adjustment;
        let unit = l.grossUnitPrice;
        if (a?.percent !== undefined) unit *= a.kind === 'discount' ? 1 - a.percent / 100 : 1 + a.percent / 100;
        else if (a?.amountPerUnit !== undefined) unit += a.kind === 'discount' ? -a.amountPerUnit : a.amountPerUnit;
        expected += unit * l.quantity;
      }
      const root = parseXml(xml);
      const goods = at(root, 'FatturaElettronicaBody', 'DatiBeniServizi');
      const rows = childrenNamed(goods, 'DettaglioLinee').length + childrenNamed(goods, 'DatiRiepilogo').length;
      const total = Number(textAt(root, 'FatturaElettronicaBody', 'DatiGenerali', 'DatiGeneraliDocumento', 'ImportoTotaleDocumento'));
      // each written line and each summary can move the total by at most half a cent (plus the 8-decimal unit
      // prices times the quantity, and the 2-decimal rounding of percentages)
      const tolerance = rows * 0.01 + Math.abs(expected) * 1e-6 + 0.01;
      expect(Math.abs(total - expected), `#${String(i + 1)}`).toBeLessThanOrEqual(tolerance);
    });
  });

  it('merges identical lines without losing quantity', () => {
    xmls.forEach((xml, i) => {
      const input = corpus[i];
      if (!input) throw new Error('missing input');
      const written = childrenNamed(at(parseXml(xml), 'FatturaElettronicaBody', 'DatiBeniServizi'), 'DettaglioLinee');
      const sumIn = D.sum(input.draft.lines.map((l) => D.round(D.dec(l.quantity), 8)));
      const sumOut = D.sum(written.map((l) => num(l, 'Quantita')));
      expect(D.cmp(sumIn, sumOut), `#${String(i + 1)}`).toBe(0);
      expect(written.length).toBeLessThanOrEqual(input.draft.lines.length);
      expect(written.map((l) => textAt(l, 'NumeroLinea'))).toEqual(written.map((_, n) => String(n + 1)));
    });
  });
});
