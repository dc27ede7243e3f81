import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from './local-time';

describe('a wall-clock time typed by the owner, as an instant (Rome)', () => {
  it('an ordinary time is the same instant for a start and an end', () => {
    expect(parseLocalDateTime('2027-03-01T00:30')?.toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(parseLocalDateTime('2027-03-01T00:30', 'last')?.toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(parseLocalDateTime('2028-02-29T12:00:30')?.toISOString()).toBe('2028-02-29T11:00:30.000Z');
  });

  it('on the autumn DST day 02:15 happens twice: the start is the first, the end the last', () => {
    expect(parseLocalDateTime('2027-10-31T02:15', 'first')?.toISOString()).toBe('2027-10-31T00:15:00.000Z');
    expect(parseLocalDateTime('2027-10-31T02:16', 'last')?.toISOString()).toBe('2027-10-31T01:16:00.000Z');
    expect(parseLocalDateTime('2027-10-31T03:00', 'last')?.toISOString()).toBe('2027-10-31T02:00:00.000Z');
    expect(parseLocalDateTime('2027-10-31T01:59', 'last')?.toISOString()).toBe('2027-10-30T23:59:00.000Z');
  });

  it('in the spring gap the time moves past the jump', () => {
    expect(parseLocalDateTime('2027-03-28T02:30')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(parseLocalDateTime('2027-03-28T03:30', 'last')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('anything that is not a date and time is no instant', () => {
    for (const text of ['', '2027-02-30T10:00', '2027-10-31', '31/10/2027 02:15', '2027-10-31T25:00']) expect(parseLocalDateTime(text)).toBeUndefined();
  });
});
