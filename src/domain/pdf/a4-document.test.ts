import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { a4Document } from './a4-document';

describe('a4Document', () => {
  it("draws without jsPDF's Arabic shaping (our text is WinAnsi only), measuring and drawing alike", () => {
    a4Document();
    const api = jsPDF.API as unknown as { processArabic?: unknown; events: [string, unknown][] };
    expect(api.processArabic).toBeUndefined();
    expect(api.events.filter(([topic]) => topic === 'preProcessText')).toEqual([]);
    const doc = a4Document();
    doc.text(['Più righe: è, à, €', 'seconda'], 10, 10);
    expect(doc.output()).toContain('(Pi\xf9 righe: \xe8, \xe0, \x80) Tj');
    expect(doc.getTextWidth('abc')).toBeGreaterThan(0);
  });

  it('answers the font list it had when created, the same object each time', () => {
    const doc = a4Document();
    expect(doc.getFontList()).toBe(doc.getFontList());
    expect(doc.getFontList().helvetica).toEqual(expect.arrayContaining(['normal', 'bold']));
  });
});
