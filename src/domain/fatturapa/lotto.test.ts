import { describe, expect, it } from 'vitest';
import { fileFigures } from './lotto';
import { readOutgoingXml } from './reader';
import { loadSample } from './test-fixtures';

describe('fileFigures', () => {
  it('one body: its number and total', () => {
    expect(fileFigures(readOutgoingXml(loadSample('FPR01')))).toEqual({ number: '123', numbers: ['123'], total: 6.1, bodyCount: 1 });
  });

  it('a lotto: the first number and how many others, the exact sum of every body', () => {
    const [a, b] = readOutgoingXml(loadSample('FPA03'));
    if (!a || !b) throw new Error('FPA03 has two bodies');
    const third = { ...b, number: '789', totalDocument: 0.1, total: 0.1 };
    const figures = fileFigures([{ ...a, totalDocument: 0.2, total: 0.2 }, third, { ...third, number: '790' }]);
    expect(figures).toEqual({ number: `${a.number} e altri 2`, numbers: [a.number, '789', '790'], total: 0.4, bodyCount: 3 });
    expect(fileFigures(readOutgoingXml(loadSample('FPA03')))?.number).toBe(`${a.number} e un altro`);
    expect(fileFigures([])).toBeUndefined();
  });
});
