/**
 * A wall-clock time typed in a <input type="datetime-local"> ('yyyy-MM-ddTHH:mm'), as an instant. On the autumn DST
 * day the hour 02:00–03:00 happens twice: a range's start takes the first occurrence and its end the last, so a
 * filter 'dal 02:15 al 02:16' finds the sales of both 02:15s instead of losing the second hour. In the spring gap
 * (02:00–03:00 does not exist) the time moves past the jump, as the browser does.
 */
export function parseLocalDateTime(value: string, occurrence: 'first' | 'last' = 'first'): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number];
  const first = new Date(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(first.getTime()) || first.getFullYear() !== year || first.getMonth() !== month - 1 || first.getDate() !== day) return undefined;
  if (occurrence === 'first') return first;
  const hourLater = new Date(first.getTime() + 3_600_000);
  const sameWallClock = hourLater.getHours() === first.getHours() && hourLater.getMinutes() === first.getMinutes() && hourLater.getDate() === first.getDate();
  return sameWallClock ? hourLater : first;
}
