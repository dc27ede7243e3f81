/**
 * How the numbers of a CSV column are read. '1.234' is one thousand two hundred thirty-four in an Italian file and
 * one point two three four in an English one: a single cell cannot tell, its column can. The reading is decided
 * once per column (columnNumberReading) and shown in the import preview before anything is written; each cell is
 * then read by the one number parser (domain/numbers) in that reading.
 */
import { readNumberText, type NumberReading } from '../numbers/parse-number';

export { columnNumberReading, type NumberReading } from '../numbers/parse-number';

export const NUMBER_READING_LABELS: Record<NumberReading, string> = {
  'decimal-comma': 'virgola decimale, punto per le migliaia (1.234,50 = milleduecentotrentaquattro virgola cinquanta)',
  'decimal-point': 'punto decimale (1234.50 = milleduecentotrentaquattro virgola cinquanta)',
};

/** A cell written in its column's `reading` (strictly: '12.5' in an Italian column is refused, not guessed):  ('1.234,56', '-3,5', '€ 12,00'; or '1,234.56', '12.5'), else undefined. */
export function readNumber(text: string, reading: NumberReading): number | undefined {
  return readNumberText(text, reading, true);
}
