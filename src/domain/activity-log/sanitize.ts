/**
 * Makes a log entry's details safe to store (document 1 §9): fields named password, token or key are dropped,
 * strings are cut at 1000 characters with the marker 'troncato'.
 */
export const MAX_STRING = 1000;
export const TRUNCATED_MARKER = 'troncato';
export const MAX_USER_AGENT = 200;
const SECRET_FIELD = /^(password|token|key)$/i;
const MAX_DEPTH = 8;

export function truncateText(text: string, max = MAX_STRING): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… [${TRUNCATED_MARKER}]`;
}

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name) || /password|passwd|secret|token|apikey|api_key|pin$/i.test(name);
}

export function sanitizeDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return truncateText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (depth >= MAX_DEPTH) return `[${TRUNCATED_MARKER}]`;
  if (Array.isArray(value)) return value.map((item) => sanitizeDetails(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined || isSecretField(name)) continue;
    out[name] = sanitizeDetails(item, depth + 1);
  }
  return out;
}
