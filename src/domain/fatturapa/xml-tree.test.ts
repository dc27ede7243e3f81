import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { loadSample, SAMPLE_NAMES } from './test-fixtures';
import { at, childrenNamed, parseXml, textAt, XmlSyntaxError, type XmlElement } from './xml-tree';

/** Our tree in fast-xml-parser's shape (element-only content, arrays for every repeated name). */
function toFxpShape(el: XmlElement): unknown {
  if (el.children.length === 0) return el.text;
  const out: Record<string, unknown> = {};
  for (const c of el.children) {
    const v = toFxpShape(c);
    const prev = out[c.name];
    out[c.name] = prev === undefined ? v : Array.isArray(prev) ? [...(prev as unknown[]), v] : [prev, v];
  }
  return out;
}

describe('parseXml', () => {
  it.each(SAMPLE_NAMES)('gives the same tree as fast-xml-parser on sample %s', (name) => {
    const xml = loadSample(name);
    const oracle = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, htmlEntities: true });
    const expected = (oracle.parse(xml) as { FatturaElettronica: unknown }).FatturaElettronica;
    const root = parseXml(xml);
    expect(root.name).toBe('FatturaElettronica');
    expect(toFxpShape(root)).toEqual(expected);
  });

  it('reads attributes, strips namespace prefixes, decodes entities and CDATA, skips comments and PIs', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0"?>\r\n<p:a xmlns:p="urn:x" versione=\'FPR12\' q="a &amp; b"><!-- <b>no</b> -->' +
        '<b> x &amp; &#232;&#xE8; &lt;&gt;&quot;&apos; </b><c/><d><![CDATA[<&>]]></d><?pi x?><b>2</b></p:a>',
    );
    expect(root.name).toBe('a');
    expect(root.attrs).toEqual({ 'xmlns:p': 'urn:x', versione: 'FPR12', q: 'a & b' });
    expect(childrenNamed(root, 'b').map((b) => b.text)).toEqual([`x & èè <>"'`, '2']);
    expect(textAt(root, 'c')).toBe('');
    expect(textAt(root, 'd')).toBe('<&>');
    expect(at(root, 'zz', 'b')).toBeUndefined();
  });

  it.each([
    ['<a><b></a>', /inatteso/],
    ['<a>', /non chiuso/],
    ['<a>&nbsp;</a>', /Entità sconosciuta/],
    ['<a>fish & chips</a>', /&/],
    ['<a>&#;</a>', /Riferimento a carattere/],
    ['<a>&#12a;</a>', /Riferimento a carattere/],
    ['<a>&#x110000;</a>', /Riferimento a carattere/],
    ['<a>&amp</a>', /&/],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', /DOCTYPE/],
    ['<a/><b/>', /radice/],
    ['', /vuoto/],
    ['<a x=1/>', /Attributo/],
  ])('refuses malformed input %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
    expect(() => parseXml(xml)).toThrow(message);
  });

  it('reports the line of a syntax error', () => {
    try {
      parseXml('<a>\n<b>\n</c></a>');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(XmlSyntaxError);
      expect((e as XmlSyntaxError).line).toBe(3);
    }
  });
});
