/** A number typed by a user: '12,50', '12.5', '1.234,56', ' 3 '; undefined when not a number. */
export function parseNumberInput(raw: string): number | undefined {
  const t = raw.trim().replace(/\s|€|%/g, '');
  if (!t) return undefined;
  const normalized = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  if (!/^[-+]?\d*\.?\d+$/.test(normalized)) return undefined;
  const n = Number(normalized);
  return Number.isFinite(n) ? n : undefined;
}
