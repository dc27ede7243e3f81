import { readNumber } from '../csv/numbers';

/**
 * A number typed in a form: '12,50', '12.5', '1.234,56', ' 3 '; undefined when not a number. A dot alone is a
 * decimal point here (the form shows the value back); CSV columns are read with their column's reading instead.
 */
export function parseNumberInput(raw: string): number | undefined {
  return readNumber(raw, raw.includes(',') ? 'decimal-comma' : 'decimal-point');
}
