import { describe, expect, it } from 'vitest';
import { readOutgoingXml } from '../fatturapa/reader';
import { loadSample } from '../fatturapa/test-fixtures';
import { draftItemsFromView } from './draft-from-invoice';

describe('draft lines from an invoice', () => {
  it('grosses up each net unit price at its VAT rate, to the cent', () => {
    const view = readOutgoingXml(loadSample('FPR01'))[0]!;
    const items = draftItemsFromView(view);
    expect(items.length).toBe(view.lines.length);
    const first = view.lines[0]!;
    expect(items[0]).toMatchObject({ name: first.description, vatRate: first.vatRate });
    expect(items[0]!.unitPrice).toBeCloseTo(first.unitPrice * (1 + first.vatRate / 100), 2);
  });
});
