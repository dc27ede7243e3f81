/**
 * What the dashboard tells the owner when some of the shop's sales have a date the POS stored as text or as a
 * number: those sales are in no period (the figures and /sales read periods as Timestamp ranges), and only the
 * Sale migration of the developer area, run by support, can put them back in their day.
 */
import { formatCount } from '../numbers/format-count';

export function legacyDatesNotice(count: number): string | undefined {
  if (!Number.isInteger(count) || count <= 0) return undefined;
  const [subject, rest] = count === 1 ? ['1 vendita ha', 'non rientra'] : [`${formatCount(count)} vendite hanno`, 'non rientrano'];
  return `${subject} la data salvata in un formato non aggiornato e ${rest} in nessun periodo né nei totali: chiedi all'assistenza di eseguire la migrazione delle vendite.`;
}
