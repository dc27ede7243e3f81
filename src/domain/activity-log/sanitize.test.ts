import { describe, expect, it } from 'vitest';
import { sanitizeDetails, truncateText } from './sanitize';

describe('sanitizeDetails', () => {
  it('drops password, token and key fields at any depth', () => {
    const clean = sanitizeDetails({ name: 'Caffè', password: 'x', nested: { token: 't', key: 'k', apiKey: 'a', pin: '1234', ok: 1 } });
    expect(clean).toEqual({ name: 'Caffè', nested: { ok: 1 } });
  });
  it('cuts strings at 1000 characters with the marker troncato, without splitting characters', () => {
    const long = '€'.repeat(1200);
    const cut = truncateText(long);
    expect(Array.from(cut.split('…')[0] ?? '')).toHaveLength(1000);
    expect(cut.endsWith('[troncato]')).toBe(true);
    expect(truncateText('breve')).toBe('breve');
    expect((sanitizeDetails({ text: 'a'.repeat(1001) }) as { text: string }).text).toContain('troncato');
  });
  it('keeps arrays, numbers, booleans, null and dates', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    expect(sanitizeDetails({ list: [1, 'a', null, true], when })).toEqual({ list: [1, 'a', null, true], when });
  });
});
