// Failure on demand: parsing of the modes and what each one does to an answer.
import { STATUS_CODES } from 'node:http';
import { fail, isRecord, type StubResponse } from './http.ts';

export type FailureMode =
  | { kind: 'http'; status: number }
  | { kind: 'malformed' }
  | { kind: 'timeout' }
  | { kind: 'delay'; ms: number }
  | { kind: 'network' }
  | { kind: 'no-uuid' }
  | { kind: 'non-array' };

export type FailureRule = {
  /** '*' or 'METHOD /template' (e.g. 'GET /IT-aml/{vat}') or 'METHOD /concrete/path'. */
  route: string;
  mode: FailureMode;
  /** How many more requests it applies to; null = until cleared or reset. */
  remaining: number | null;
};

/** What the server does in the end. */
export type Outcome =
  | { kind: 'respond'; response: StubResponse }
  | { kind: 'delay'; ms: number; response: StubResponse }
  | { kind: 'hang' }
  | { kind: 'destroy' };

export const MODE_NAMES = ['http500', 'http402', 'http<NNN>', 'malformed', 'timeout', 'delay=<ms>', 'network', 'no-uuid', 'non-array'];

/** Parses 'http500', 'http402', 'http<NNN>', 'malformed', 'timeout', 'timeout=<ms>', 'delay=<ms>', 'network', 'no-uuid', 'non-array'. */
export function parseMode(raw: string, delayMs?: number): FailureMode | null {
  const value = raw.trim().toLowerCase();
  const http = /^http([1-5]\d\d)$/.exec(value);
  if (http?.[1] !== undefined) {
    const status = Number(http[1]);
    return status >= 400 ? { kind: 'http', status } : null;
  }
  const timed = /^(timeout|delay)(?:=(\d+))?$/.exec(value);
  if (timed) {
    const ms = timed[2] !== undefined ? Number(timed[2]) : delayMs;
    if (ms !== undefined) return { kind: 'delay', ms };
    return timed[1] === 'timeout' ? { kind: 'timeout' } : null;
  }
  if (value === 'malformed' || value === 'timeout' || value === 'network' || value === 'no-uuid' || value === 'non-array') {
    return { kind: value };
  }
  return null;
}

export function describeMode(mode: FailureMode): string {
  if (mode.kind === 'http') return `http${mode.status}`;
  if (mode.kind === 'delay') return `delay=${mode.ms}`;
  return mode.kind;
}

export function routeMatches(rule: string, method: string, template: string, path: string): boolean {
  const wanted = rule.trim().replace(/\s+/g, ' ');
  return wanted === '*' || wanted === `${method} ${template}` || wanted === `${method} ${path}`;
}

/** Finds the rule for a request and consumes one of its uses. */
export function takeRule(rules: FailureRule[], method: string, template: string, path: string): FailureRule | undefined {
  const index = rules.findIndex((rule) => routeMatches(rule.route, method, template, path));
  const rule = rules[index];
  if (rule === undefined) return undefined;
  if (rule.remaining !== null) {
    rule.remaining -= 1;
    if (rule.remaining <= 0) rules.splice(index, 1);
  }
  return rule;
}

function httpError(status: number, envelope: boolean): StubResponse {
  if (!envelope) return { status, kind: 'json', body: { error: STATUS_CODES[status] ?? 'Error' } };
  if (status === 402) return fail(402, 611, 'Billing error message: Insufficient Credit in Wallet: code 810');
  return fail(status, status, STATUS_CODES[status] ?? 'Error');
}

/** Serialises the normal answer and cuts it in half: a 200 whose body is not JSON. */
function malformed(normal: StubResponse): StubResponse {
  const full = normal.kind === 'json' ? JSON.stringify(normal.body) : '{"data":{"uuid":"';
  return { status: 200, kind: 'text', contentType: 'application/json; charset=utf-8', body: full.slice(0, Math.max(1, Math.floor(full.length / 2))) };
}

function nonArray(normal: StubResponse, envelope: boolean): StubResponse {
  const body = normal.kind === 'json' ? normal.body : null;
  if (!envelope) return { status: 200, kind: 'json', body: { data: body } };
  const data = isRecord(body) ? body.data : null;
  return { status: 200, kind: 'json', body: { data: Array.isArray(data) ? { items: data } : {}, success: true, message: '', error: null } };
}

/**
 * Applies a mode. http and network modes never run the handler (the provider failed before doing
 * anything); the others run it, so its side effects happen as when an answer is lost or mangled in transit.
 */
export function applyMode(mode: FailureMode | undefined, handle: () => StubResponse, envelope: boolean): Outcome {
  if (mode === undefined) return { kind: 'respond', response: handle() };
  switch (mode.kind) {
    case 'http':
      return { kind: 'respond', response: httpError(mode.status, envelope) };
    case 'network':
      return { kind: 'destroy' };
    case 'timeout':
      handle();
      return { kind: 'hang' };
    case 'delay':
      return { kind: 'delay', ms: mode.ms, response: handle() };
    case 'malformed':
      return { kind: 'respond', response: malformed(handle()) };
    case 'no-uuid':
      handle();
      return { kind: 'respond', response: { status: 200, kind: 'json', body: envelope ? { data: {}, success: true, message: '', error: null } : {} } };
    case 'non-array':
      return { kind: 'respond', response: nonArray(handle(), envelope) };
  }
}
