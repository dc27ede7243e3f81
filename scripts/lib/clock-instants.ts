/**
 * The instants at which the date-dependent tests also run (`npm run test:clock`): the edges where a day, a month, a
 * year or the hour changes for a shop in Rome. Written with their offset, so the autumn hour that happens twice is
 * named without ambiguity.
 */
export interface ClockInstant {
  /** Short name for the log. */
  label: string;
  /** ISO 8601 with Rome's offset at that instant. */
  iso: string;
}

export const CLOCK_INSTANTS: readonly ClockInstant[] = [
  { label: 'il 1° del mese alle 00:30 (prima del cambio giornata delle 02:00)', iso: '2027-03-01T00:30:00+01:00' },
  { label: 'il 1° del mese alle 01:59 (un minuto prima del cambio giornata)', iso: '2027-03-01T01:59:00+01:00' },
  { label: 'l’ultimo giorno del mese alle 23:59', iso: '2027-04-30T23:59:00+02:00' },
  { label: 'il 1° gennaio', iso: '2027-01-01T10:00:00+01:00' },
  { label: 'il 29 febbraio 2028', iso: '2028-02-29T12:00:00+01:00' },
  { label: 'il giorno dell’ora legale, 01:59 (prima del salto)', iso: '2027-03-28T01:59:00+01:00' },
  { label: 'il giorno dell’ora legale, 03:30 (dopo il salto)', iso: '2027-03-28T03:30:00+02:00' },
  { label: 'il giorno dell’ora solare, 02:30 (la prima volta)', iso: '2027-10-31T02:30:00+02:00' },
  { label: 'il giorno dell’ora solare, 02:30 (la seconda volta)', iso: '2027-10-31T02:30:00+01:00' },
];

export { SHOP_TIME_ZONE } from '../../src/domain/time-zone.ts';

/** libfaketime's offset (seconds from the real clock) that puts a process at `iso` now; the clock then runs on. */
export function fakeTimeOffset(iso: string, realNow = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - realNow) / 1000);
  return seconds >= 0 ? `+${String(seconds)}` : String(seconds);
}
