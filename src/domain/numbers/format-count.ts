/** A count of things in Italian, grouped like the amounts ('1.250 vendite', never '1250'). */
const countFormatter = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

export function formatCount(n: number): string {
  return countFormatter.format(n);
}

/** '1 documento', '1.250 documenti': the count with the noun in the singular or the plural. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
