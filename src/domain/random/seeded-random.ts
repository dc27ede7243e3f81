/**
 * Seeded pseudo-random numbers for demo data, generated test corpora and benchmarks: the same seed gives the
 * same sequence on every platform. Never for anything secret.
 */
import { AUTO_ID_CHARS, AUTO_ID_LENGTH } from '../ids/auto-id';

/** mulberry32: small, fast, good enough for demo data, identical on every platform. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [0, 1), the same as next(). */
  float(): number {
    return this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** n characters drawn from the alphabet. */
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return s;
  }

  /** An id shaped like Firestore's auto-ids (demo and benchmark documents that stand for real ones). */
  autoId(): string {
    return this.chars(AUTO_ID_CHARS, AUTO_ID_LENGTH);
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'.charAt(this.int(0, 15));
    return s;
  }

  /** A UUID v4-looking id (the e-invoicing provider's uuids look like this). */
  uuid(): string {
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${'89ab'.charAt(this.int(0, 3))}${this.hex(3)}-${this.hex(12)}`;
  }
}
