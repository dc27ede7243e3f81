/**
 * How the numbers of a CSV column are read. '1.234' is one thousand two hundred thirty-four in an Italian file and
 * one point two three four in an English one: a single cell cannot tell, its column can. The reading is decided
 * once per column and shown in the import preview before anything is written.
 */
export type NumberReading = 'decimal-comma' | 'decimal-point';

export const NUMBER_READING_LABELS: Record<NumberReading, string> = {
  'decimal-comma': 'virgola decimale, punto per le migliaia (1.234,50 = milleduecentotrentaquattro virgola cinquanta)',
  'decimal-point': 'punto decimale (1234.50 = milleduecentotrentaquattro virgola cinquanta)',
};

const clean = (text: string) => text.trim().replace(/[\s€%\u00a0]/g, '');
const THOUSANDS_GROUPS = /^[-+]?\d{1,3}(\.\d{3})+$/;

/**
 * The reading of a column from its values: a comma anywhere (as the last separator) means decimal comma; a dot that
 * cannot be a thousands separator ('12.5', '0.99') means decimal point; a column of '1.234'-like values only, or of
 * whole numbers, is read the Italian way.
 */
export function columnNumberReading(values: Iterable<string>): NumberReading {
  let dotDecimal = false;
  for (const raw of values) {
    const t = clean(raw);
    const comma = t.lastIndexOf(',');
    const dot = t.lastIndexOf('.');
    if (comma >= 0 && comma > dot) return 'decimal-comma';
    if (dot >= 0 && dot > comma && (comma >= 0 || !THOUSANDS_GROUPS.test(t))) dotDecimal = true;
  }
  return dotDecimal ? 'decimal-point' : 'decimal-comma';
}

/** A number written in `reading` ('1.234,56', '-3,5', '€ 12,00'; or '1,234.56', '12.5'), else undefined. */
export function readNumber(text: string, reading: NumberReading): number | undefined {
  const t = clean(text);
  if (!t) return undefined;
  // A grouping separator must group thousands: '12.5' in a decimal-comma column is refused, not read as 125.
  const [group, decimal] = reading === 'decimal-comma' ? ['.', ','] : [',', '.'];
  const [whole = '', ...fraction] = t.split(decimal);
  if (fraction.length > 1 || fraction.some((f) => f.includes(group))) return undefined;
  if (whole.includes(group) && !new RegExp(`^[-+]?\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return undefined;
  const normalized = [whole.split(group).join(''), ...fraction].join('.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalized)) return undefined;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : undefined;
}
