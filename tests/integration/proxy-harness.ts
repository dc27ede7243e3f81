/**
 * What the providerProxy integration tests share: the provider stub on the port the launcher pointed the functions at,
 * firebase-admin on the emulators, Auth-emulator users with their ID tokens, the callable over its HTTP protocol, and
 * the stub's request log and failure switch. Started by `tsx scripts/with-emulators.ts --functions -- …`.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';
import { partitaIvaCheckDigit } from '@/domain/fiscal-ids/partita-iva';
import { loadFatturapaSchemas } from '@/lib/fatturapa-xsd';
import { proxyTransport, type CallProxy } from '@/lib/provider-transport';
import { createSdiApi, type SdiApi } from '@/lib/sdi-api';
import { handleProviderProxy, type ProxyConfig } from '../../functions/src/provider-proxy.ts';
import { DEFAULT_TOKEN } from '../../scripts/provider-stub/server.ts';

export const FUNCTIONS_URL = process.env.FUNCTIONS_URL ?? '';
export const PASSWORD = 'Proxy!2026';

export interface ProxyResult {
  kind: 'answer' | 'no-answer';
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  reason?: string;
}

export interface CallableReply {
  status: number;
  /** The callable's own HTTP answer headers. */
  httpHeaders: Record<string, string>;
  result?: ProxyResult;
  error?: { status: string; message: string };
}

/** A valid P.IVA (check digit computed) from its first ten digits. */
export function partitaIva(first10: string): string {
  return `${first10}${String(partitaIvaCheckDigit(first10))}`;
}

export interface Harness {
  admin: App;
  db: Firestore;
  stub: ProviderStub;
  proxy: (uid: string | null, data: Record<string, unknown>) => Promise<CallableReply>;
  stubCalls: (route: string) => Promise<{ status: number | null; headers: Record<string, string>; json: unknown }[]>;
  failNext: (route: string, mode: string) => Promise<void>;
  resetStubLog: () => Promise<void>;
  createUser: (uid: string, level: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function startHarness(name: string): Promise<Harness> {
  if (!process.env.FUNCTIONS_URL || !process.env.PROVIDER_STUB_PORT) throw new Error('Avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  const stub = await startProviderStub({ port: Number(process.env.PROVIDER_STUB_PORT), host: '127.0.0.1' });
  const admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, name);
  const db = getFirestore(admin);
  const tokens = new Map<string, string>();

  async function tokenOf(uid: string): Promise<string> {
    const cached = tokens.get(uid);
    if (cached) return cached;
    const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `${uid}@example.test`, password: PASSWORD, returnSecureToken: true }),
    });
    const token = ((await res.json()) as { idToken: string }).idToken;
    tokens.set(uid, token);
    return token;
  }

  return {
    admin,
    db,
    stub,
    async proxy(uid, data) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (uid) headers.Authorization = `Bearer ${await tokenOf(uid)}`;
      const res = await fetch(`${FUNCTIONS_URL}/providerProxy`, { method: 'POST', headers, body: JSON.stringify({ data }) });
      const httpHeaders: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        httpHeaders[name] = value;
      });
      return { status: res.status, httpHeaders, ...((await res.json()) as Pick<CallableReply, 'result' | 'error'>) };
    },
    async stubCalls(route) {
      const res = await fetch(`${stub.url}/__stub/requests?route=${encodeURIComponent(route)}`);
      return ((await res.json()) as { requests: { status: number | null; headers: Record<string, string>; json: unknown }[] }).requests;
    },
    async failNext(route, mode) {
      const res = await fetch(`${stub.url}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route, mode, times: 1 }) });
      expect(res.status).toBe(200);
    },
    async resetStubLog() {
      await fetch(`${stub.url}/__stub/requests`, { method: 'DELETE' });
      await fetch(`${stub.url}/__stub/fail`, { method: 'DELETE' });
    },
    async createUser(uid, level) {
      await getAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD });
      await db.doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
    },
    async close() {
      await deleteApp(admin);
      await stub.close();
    },
  };
}

/** The Fatturazione pack and a plan that includes it: the proxy's SDI calls need it (functions/src/pack-guard.ts). */
export const INVOICING_FIXTURE = { packId: 'px-pack-fatturazione', planId: 'px-plan-fatturazione' } as const;

/**
 * Gives each shop an active subscription (a year left) on a plan with the Fatturazione pack, as the app reads it
 * (Shop.subscriptionId → ShopSubscription → Plan → Pack). Call after the Shop documents are written.
 */
export async function grantInvoicing(db: Firestore, shopIds: readonly string[]): Promise<void> {
  const now = Date.now();
  await db.doc(`Pack/${INVOICING_FIXTURE.packId}`).set({ name: 'fatturazione', price: 12 });
  await db.doc(`Plan/${INVOICING_FIXTURE.planId}`).set({ name: 'Plus', price: 39, tier: 'plus', includedPacks: [INVOICING_FIXTURE.packId] });
  for (const shopId of shopIds) {
    await db.doc(`ShopSubscription/px-sub-${shopId}`).set({
      shopId, userId: shopId, plan: INVOICING_FIXTURE.planId, packs: [], status: 'active',
      startingDate: new Date(now - 30 * 86_400_000), expiringDate: new Date(now + 365 * 86_400_000),
    });
    await db.doc(`Shop/${shopId}`).set({ subscriptionId: `px-sub-${shopId}` }, { merge: true });
  }
}

/**
 * The app's SDI client for `shopId` over the provider proxy's own code run in-process (handleProviderProxy on the
 * admin Firestore, forwarding to a stub at `stubUrl`), as the shop's owner: the send is checked and recorded
 * (SdiSubmission) as the deployed function does, so the rules accept the browser's record of it. The shop needs its
 * FiscalId entry and the Fatturazione pack.
 */
export function inProcessSdi(db: Firestore, shopId: string, stubUrl: string, limits = { perMinute: 1000, perDay: 10_000 }): SdiApi {
  const config: ProxyConfig = {
    sdi: { baseUrl: stubUrl, token: DEFAULT_TOKEN },
    company: { baseUrl: stubUrl, token: DEFAULT_TOKEN },
    webhook: { url: 'http://127.0.0.1:1/sdiCallback', authHeader: 'Bearer in-process' },
    loadSchemas: loadFatturapaSchemas,
    limits,
  };
  const call: CallProxy = (data) =>
    handleProviderProxy(db, shopId, data, config).then(
      (value) => ({ kind: 'ok' as const, value }),
      (error: unknown) => ({ kind: 'failed' as const, status: String((error as { code?: string }).code ?? 'internal').toUpperCase().replace(/-/g, '_'), message: (error as Error).message }),
    );
  return createSdiApi({ transport: proxyTransport('sdi', shopId, call) });
}
