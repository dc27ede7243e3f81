/**
 * Device presentation for the technician's shop page (document 3 §2.2, §4, §9): relative times ('ora', 'Nm fa',
 * 'Nh fa', 'Ng fa' under 7 days, else day/month), the model class of the fallback icon, the ping's port and timeout
 * (what may be pinged: ping-target.ts).
 */
import { format } from 'date-fns';

export function relativeTime(date: Date | undefined, now: Date): string {
  if (!date) return '—';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'ora';
  if (minutes < 60) return `${String(minutes)}m fa`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${String(hours)}h fa`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${String(days)}g fa`;
  return format(date, 'dd/MM');
}

export type ModelClass = 'Pro' | 'Air' | 'Mini' | 'iPad';

/** Pro, Air or Mini by name (model or device name), else the plain iPad class. */
export function modelClass(...names: (string | undefined)[]): ModelClass {
  const text = names.filter(Boolean).join(' ').toLowerCase();
  if (text.includes('pro')) return 'Pro';
  if (text.includes('air')) return 'Air';
  if (text.includes('mini')) return 'Mini';
  return 'iPad';
}

/** The picture of a model class (public/devices/): the list shows it, or the class icon when it does not load. */
export function deviceImagePath(cls: ModelClass): string {
  return cls === 'iPad' ? '/devices/ipad.svg' : `/devices/ipad-${cls.toLowerCase()}.svg`;
}

/** Document 3 §9: a device image not loaded within 5 s gives way to the fallback icon. */
export const DEVICE_IMAGE_TIMEOUT_MS = 5_000;

export const PING_TIMEOUT_MS = 15_000;

/** Port of a ping: a whole number >= 1, else the default 80 (document 3 §5, §9). */
export function pingPort(value: string | number | undefined): number {
  const text = String(value ?? '').trim();
  // Digits only: '1e3' or '0x50' typed in the field is not a port (the one number parser's rule for counters).
  const n = typeof value === 'number' ? value : /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : 80;
}
