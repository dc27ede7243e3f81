/** The shops' time zone: their days, months and deadlines are Rome's wall clock, wherever the code runs. */
export const SHOP_TIME_ZONE = 'Europe/Rome';

/**
 * What a test layer checks about its own process (every layer runs with TZ=Europe/Rome, so that a machine in UTC
 * and one in Rome see the same local days): the zone the runtime resolves, and its offsets in winter and summer.
 */
export function processTimeZone(): { zone: string; winterOffset: number; summerOffset: number } {
  return {
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    winterOffset: new Date(2027, 0, 15, 12).getTimezoneOffset(),
    summerOffset: new Date(2027, 6, 15, 12).getTimezoneOffset(),
  };
}

/** The answer processTimeZone gives in Rome. */
export const ROME_PROCESS_ZONE = { zone: SHOP_TIME_ZONE, winterOffset: -60, summerOffset: -120 } as const;
