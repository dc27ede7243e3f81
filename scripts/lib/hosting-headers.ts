/**
 * The production security headers: firebase.json's hosting headers are the truth, and their
 * Content-Security-Policy is derived from the app's own VITE_* configuration, so the policy allows exactly the
 * origins the build talks to (Firebase, or the emulators; the provider hosts unless the token-keeping proxy is on;
 * the chat assistant's host when one is configured) and nothing else.
 *
 * `npm run headers` rewrites firebase.json's policy for the configuration being deployed; the e2e run serves the
 * production build with the same headers (its policy derived from the test build's configuration) and a
 * report-uri, and fails on any violation the browser reports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultFunctionsUrl } from '../../src/config/env.ts';

export type Env = Record<string, string | undefined>;
export interface HostingHeader {
  key: string;
  value: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const FIREBASE_JSON = path.join(ROOT, 'firebase.json');
export const CSP_KEY = 'Content-Security-Policy';

/** Firebase Auth (email and password: no popup, no iframe) and Firestore, as the web SDK reaches them. */
const FIREBASE_ORIGINS = ['https://firestore.googleapis.com', 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/**
 * Firestore's WebChannel transport probes this image when a channel fails, to tell "offline" from "server
 * unreachable" (closure's network test); both the emulator and production do it, so the policy allows this one
 * path rather than reporting a violation on every dropped connection.
 */
const WEBCHANNEL_NETWORK_TEST = 'https://www.google.com/images/cleardot.gif';

/** The VITE_* `NAME=value` lines of an env file (.env.example is what firebase.json's committed policy is for). */
export function parseEnvFile(file: string): Env {
  const env: Env = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*(VITE_[A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) env[match[1]] = match[2];
  }
  return env;
}

function originOf(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    const { protocol, origin } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Origins the app fetches from, besides its own: the backend, and every configured HTTP service. */
function connectOrigins(env: Env): string[] {
  const origins: (string | undefined)[] = [];
  if (env.VITE_USE_EMULATORS === 'true') {
    origins.push(`http://${env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1'}:${env.VITE_FIRESTORE_EMULATOR_PORT ?? '8080'}`);
    origins.push(originOf(env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099'));
  } else {
    origins.push(...FIREBASE_ORIGINS);
  }
  origins.push(WEBCHANNEL_NETWORK_TEST);
  // Our Cloud Functions (callables): VITE_FUNCTIONS_URL below when set, else the project's default URL.
  if (!env.VITE_FUNCTIONS_URL?.trim()) origins.push(originOf(defaultFunctionsUrl(env.VITE_USE_EMULATORS === 'true', env.VITE_FIREBASE_PROJECT_ID?.trim() || 'demo-backoffice')));
  // With the proxy (VITE_PROVIDER_MODE unset or 'proxy', src/config/env.ts), the provider and the company lookup are
  // reached only through the functions: their hosts are not allowed. Only direct mode calls them from the browser.
  const direct = env.VITE_PROVIDER_MODE?.trim().toLowerCase() === 'direct';
  const proxied = direct ? new Set<string>() : new Set(['VITE_SDI_API_BASE_URL', 'VITE_COMPANY_API_BASE_URL']);
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b))) {
    if (!name.startsWith('VITE_') || proxied.has(name) || name === 'VITE_CHAT_ASSISTANT_SCRIPT_URL') continue;
    if (name === 'VITE_AUTH_EMULATOR_URL' || name === 'VITE_QUERY_RECORDER_URL') continue;
    if (/_URL$/.test(name)) origins.push(originOf(value));
  }
  // Test builds send their Firestore queries to the index check's collector (never in production builds).
  origins.push(originOf(env.VITE_QUERY_RECORDER_URL));
  return [...new Set(origins.filter((o): o is string => o !== undefined))];
}

/** The Content-Security-Policy for a build made with `env`. */
export function contentSecurityPolicy(env: Env, options: { reportUri?: string } = {}): string {
  const chat = originOf(env.VITE_CHAT_ASSISTANT_SCRIPT_URL);
  const withChat = (...sources: string[]) => (chat ? [...sources, chat] : sources).join(' ');
  const directives = [
    `default-src 'self'`,
    // xmllint-wasm compiles the FatturaPA schema validator: WebAssembly only, no JavaScript eval.
    `script-src ${withChat(`'self'`, `'wasm-unsafe-eval'`)}`,
    `style-src ${withChat(`'self'`)}`,
    // QR codes and chart images are data: URLs; PDFs and downloads are blob: URLs. WebChannel's network test
    // loads its image with an <img> (every dropped Firestore connection was a violation).
    `img-src ${withChat(`'self'`, 'data:', 'blob:', WEBCHANNEL_NETWORK_TEST)}`,
    `font-src ${withChat(`'self'`)}`,
    `connect-src ${withChat(`'self'`, ...connectOrigins(env))}`,
    `worker-src 'self' blob:`,
    // The PDF preview of an invoice is a blob: document in an iframe.
    `frame-src ${withChat('blob:')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `manifest-src 'self'`,
  ];
  if (options.reportUri) directives.push(`report-uri ${options.reportUri}`);
  return directives.join('; ');
}

interface FirebaseJson {
  hosting: { headers: { source: string; headers: HostingHeader[] }[] };
}

export function readFirebaseJson(file = FIREBASE_JSON): FirebaseJson & Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FirebaseJson & Record<string, unknown>;
}

/** firebase.json's headers for every page ('**'), in order. */
export function pageHeaders(config: FirebaseJson = readFirebaseJson()): HostingHeader[] {
  const all = config.hosting.headers.find((h) => h.source === '**');
  if (!all) throw new Error('firebase.json: manca il blocco headers con source "**"');
  return all.headers;
}

/** The headers a build made with `env` is served with: firebase.json's, with the policy derived for `env`. */
export function hostingHeadersFor(env: Env, options: { reportUri?: string } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, value } of pageHeaders()) headers[key] = key === CSP_KEY ? contentSecurityPolicy(env, options) : value;
  return headers;
}
