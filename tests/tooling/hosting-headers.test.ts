import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP_KEY, contentSecurityPolicy, hostingHeadersFor, pageHeaders, parseEnvFile } from '../../scripts/lib/hosting-headers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('production headers (firebase.json)', () => {
  it('serves HSTS, and a policy that is exactly the one derived from .env.example (run `npm run headers` after a change)', () => {
    const headers = Object.fromEntries(pageHeaders().map((h) => [h.key, h.value]));
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(headers[CSP_KEY]).toBe(contentSecurityPolicy(parseEnvFile(path.join(ROOT, '.env.example'))));
  });

  it('allows no inline or eval script, no plugin, no framing, and only the configured backends', () => {
    const policy = contentSecurityPolicy({ VITE_USE_EMULATORS: 'false', VITE_PROVIDER_MODE: 'direct', VITE_SDI_API_BASE_URL: 'https://sdi.openapi.it/v1', VITE_COMPANY_API_BASE_URL: 'https://company.openapi.com' });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'wasm-unsafe-eval'`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain(`object-src 'none'`);
    expect(policy).toContain(`frame-ancestors 'none'`);
    expect(directive(policy, 'connect-src').split(' ').slice(1)).toEqual([
      `'self'`,
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.google.com/images/cleardot.gif',
      // Our Cloud Functions (callables): the project's default URL when VITE_FUNCTIONS_URL is unset.
      'https://europe-west1-demo-backoffice.cloudfunctions.net',
      'https://company.openapi.com',
      'https://sdi.openapi.it',
    ]);
  });

  it('with the token-keeping proxy, the browser may not reach the provider or the company lookup', () => {
    const policy = contentSecurityPolicy({ VITE_PROVIDER_MODE: 'proxy', VITE_SDI_API_BASE_URL: 'https://sdi.openapi.it', VITE_COMPANY_API_BASE_URL: 'https://company.openapi.com' });
    expect(policy).not.toContain('openapi');
    // Firestore's WebChannel probes one image path when a channel drops: that path only, not the whole host.
    expect(directive(policy, 'connect-src')).toContain(' https://www.google.com/images/cleardot.gif');
    expect(directive(policy, 'connect-src')).not.toMatch(/https:\/\/www\.google\.com( |$)/);
    // ...with an <img> when no test URL is configured (a Firestore connection cut in e2e reported img-src violations).
    expect(directive(policy, 'img-src')).toBe(`img-src 'self' data: blob: https://www.google.com/images/cleardot.gif`);
    // Proxy is the default: without VITE_PROVIDER_MODE the provider hosts are not allowed either; the functions are.
    const unset = contentSecurityPolicy({ VITE_SDI_API_BASE_URL: 'https://sdi.openapi.it', VITE_COMPANY_API_BASE_URL: 'https://company.openapi.com', VITE_FIREBASE_PROJECT_ID: 'p1' });
    expect(unset).not.toContain('openapi');
    expect(directive(unset, 'connect-src')).toContain('https://europe-west1-p1.cloudfunctions.net');
  });

  it('adds the chat assistant host to scripts, styles and frames only when one is configured', () => {
    const policy = contentSecurityPolicy({ VITE_CHAT_ASSISTANT_SCRIPT_URL: 'https://chat.example.com/widget.js' });
    for (const name of ['script-src', 'style-src', 'connect-src', 'frame-src']) expect(directive(policy, name)).toContain('https://chat.example.com');
    expect(contentSecurityPolicy({})).not.toContain('example');
  });

  it('points a test build at its emulators and reports violations where the e2e run collects them', () => {
    const headers = hostingHeadersFor(
      { VITE_USE_EMULATORS: 'true', VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1', VITE_FIRESTORE_EMULATOR_PORT: '8123', VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9123' },
      { reportUri: 'http://127.0.0.1:7000/csp' },
    );
    const policy = headers[CSP_KEY] ?? '';
    expect(directive(policy, 'connect-src')).toBe(`connect-src 'self' http://127.0.0.1:8123 http://127.0.0.1:9123 https://www.google.com/images/cleardot.gif http://127.0.0.1:5001`);
    expect(policy).toMatch(/; report-uri http:\/\/127\.0\.0\.1:7000\/csp$/);
    expect(headers['X-Frame-Options']).toBe('DENY');
  });
});
