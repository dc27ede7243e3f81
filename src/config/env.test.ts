import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const REAL_PROJECT = {
  VITE_FIREBASE_API_KEY: 'k',
  VITE_FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'p',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_PENDING_SHOPS_URL: 'https://europe-west1-p.cloudfunctions.net/pendingShops',
};

describe('parseEnv: the provider transport (VITE_PROVIDER_MODE)', () => {
  it('is proxy by default: no provider URL or token is asked for, and none is kept even when set', () => {
    const env = parseEnv({ ...REAL_PROJECT, VITE_SDI_API_TOKEN: 'secret-sdi', VITE_COMPANY_API_TOKEN: 'secret-company' });
    expect(env.providerMode).toBe('proxy');
    expect([env.sdiApiBaseUrl, env.sdiApiToken, env.companyApiBaseUrl, env.companyApiToken]).toEqual(['', '', '', '']);
    expect(JSON.stringify(env)).not.toContain('secret');
    expect(env.functionsUrl).toBe('https://europe-west1-p.cloudfunctions.net');
  });

  it('direct mode requires the provider URLs and tokens, and lists what is missing', () => {
    expect(() => parseEnv({ ...REAL_PROJECT, VITE_PROVIDER_MODE: 'direct' })).toThrow(/VITE_SDI_API_BASE_URL mancante[\s\S]*VITE_SDI_API_TOKEN mancante[\s\S]*VITE_COMPANY_API_BASE_URL mancante[\s\S]*VITE_COMPANY_API_TOKEN mancante/);
    const env = parseEnv({ ...REAL_PROJECT, VITE_PROVIDER_MODE: 'direct', VITE_SDI_API_BASE_URL: 'https://sdi.openapi.it', VITE_SDI_API_TOKEN: 't1', VITE_COMPANY_API_BASE_URL: 'https://company.openapi.com', VITE_COMPANY_API_TOKEN: 't2' });
    expect([env.providerMode, env.sdiApiToken, env.companyApiToken]).toEqual(['direct', 't1', 't2']);
  });

  it('direct mode on the emulators falls back to the local stub and its token', () => {
    const env = parseEnv({ VITE_USE_EMULATORS: 'true', VITE_PROVIDER_MODE: 'direct' });
    expect([env.sdiApiBaseUrl, env.sdiApiToken]).toEqual(['http://127.0.0.1:9199', 'stub-token']);
  });

  it('refuses an unknown mode', () => {
    expect(() => parseEnv({ ...REAL_PROJECT, VITE_PROVIDER_MODE: 'proxi' })).toThrow('VITE_PROVIDER_MODE deve essere proxy o direct, non "proxi"');
  });
});
