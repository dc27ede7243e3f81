// Shared types and helpers of the provider stub: the request/response values the handlers exchange,
// the Openapi envelope {data, success, message, error}, and small readers for untyped JSON/XML trees.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type StubRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  params: Record<string, string>;
};

export type StubResponse =
  | { status: number; kind: 'json'; body: unknown; headers?: Record<string, string> }
  | { status: number; kind: 'text'; body: string; contentType: string }
  | { status: number; kind: 'bytes'; body: Uint8Array; contentType: string }
  | { status: number; kind: 'empty' };

/** 200 with the success envelope. */
export function ok(data: unknown): StubResponse {
  return { status: 200, kind: 'json', body: { data, success: true, message: '', error: null } };
}

/** An error answer: the HTTP status and the provider's own `error` code are separate things. */
export function fail(status: number, error: number | string, message: string): StubResponse {
  return { status, kind: 'json', body: { data: null, success: false, message, error } };
}

/** Symfony-validator style 400/230 answer, as in the contract's codice_destinatario example. */
export function blank(path: string): StubResponse {
  return fail(400, 230, `An error occurred: ${path}: This value should not be blank.`);
}

/** JSON.parse that never throws and never yields `any`. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Walks an untyped tree; arrays on the way are entered at their first item. */
export function get(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (Array.isArray(current)) current = current[0] as unknown;
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return Array.isArray(current) ? (current[0] as unknown) : current;
}

/** A scalar as trimmed text ('' for anything else). */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A deterministic UUID-shaped id (version nibble 5, RFC 4122 variant) from a SHA-256 of the parts. */
export function hashId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The provider's timestamp format, e.g. 2024-02-02T11:47:44+00:00. */
export function providerTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
