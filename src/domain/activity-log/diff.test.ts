import { describe, expect, it } from 'vitest';
import { diffBeforeAfter } from './diff';

describe('diffBeforeAfter', () => {
  it('lists only the changed leaves, with dotted paths into nested objects', () => {
    const before = { name: 'Bottega', phone: '02 1', settings: { printerIp: '1.1.1.1', posPort: '80' }, tags: ['a'] };
    const after = { name: 'Bottega', phone: '02 2', settings: { printerIp: '1.1.1.2', posPort: '80' }, tags: ['a'] };
    expect(diffBeforeAfter(before, after)).toEqual([
      { path: 'phone', before: '02 1', after: '02 2' },
      { path: 'settings.printerIp', before: '1.1.1.1', after: '1.1.1.2' },
    ]);
  });

  it('reports added and removed keys, compares lists whole and dates by time', () => {
    const d = new Date(2026, 0, 1);
    expect(diffBeforeAfter({ a: 1, at: d, list: [1, 2] }, { b: 2, at: new Date(d.getTime()), list: [2, 1] })).toEqual([
      { path: 'a', before: 1, after: undefined },
      { path: 'b', before: undefined, after: 2 },
      { path: 'list', before: [1, 2], after: [2, 1] },
    ]);
  });

  it('compares plain values at the top', () => {
    expect(diffBeforeAfter('x', 'x')).toEqual([]);
    expect(diffBeforeAfter('x', 'y')).toEqual([{ path: '(valore)', before: 'x', after: 'y' }]);
  });
});
