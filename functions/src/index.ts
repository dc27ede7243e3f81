/**
 * The Cloud Functions of the back office (DESIGN.md §3: the only server code). Bundled with esbuild into
 * lib/index.js, so the pure modules of src/domain are imported, not copied. Region europe-west1 (the app's
 * default callback URL, src/config/env.ts, names it).
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { defineSecret, defineString } from 'firebase-functions/params';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { buildAllShopsDaySummaries, yesterday } from './day-summaries';
import * as employees from './employees';
import { loadFatturapaSchemas } from './fatturapa-schemas';
import { handleListBundle } from './list-bundle';
import { handlePendingShops } from './pending-shops';
import { handleProviderProxy } from './provider-proxy';
import { PROXY_LIMITS } from './proxy-quota';
import { releaseQuarantined as release } from './release-quarantined';
import { handleWebhook } from './webhook';

initializeApp();
setGlobalOptions({ region: 'europe-west1', maxInstances: 10 });

/** The value the provider sends in Authorization (registered as the callbacks' auth_header). */
export const PROVIDER_WEBHOOK_AUTH = defineSecret('PROVIDER_WEBHOOK_AUTH');

/**
 * The provider's and the company lookup's bearer tokens: only the functions read them (never the browser): the proxy
 * both, the webhook the SDI one (to download a received invoice's XML).
 */
export const SDI_API_TOKEN = defineSecret('SDI_API_TOKEN');
export const COMPANY_API_TOKEN = defineSecret('COMPANY_API_TOKEN');
/** The provider hosts (OPENAPI-SDI.md §1): production by default; the sandbox or the local stub through functions/.env. */
export const SDI_API_BASE_URL = defineString('SDI_API_BASE_URL', { default: 'https://sdi.openapi.it' });
export const COMPANY_API_BASE_URL = defineString('COMPANY_API_BASE_URL', { default: 'https://company.openapi.com' });

/**
 * The provider's callbacks (supplier-invoice, customer-notification): OPENAPI-SDI.md §3.2, §3.6, §4. With the SDI
 * token: a received invoice's original XML is downloaded from the provider (received-xml.ts).
 */
export const sdiCallback = onRequest({ secrets: [PROVIDER_WEBHOOK_AUTH, SDI_API_TOKEN], cors: false }, async (req, res) => {
  const request = { method: req.method, header: (n: string) => req.get(n), rawBody: req.rawBody, body: req.body as unknown };
  const answer = await handleWebhook(getFirestore(), request, PROVIDER_WEBHOOK_AUTH.value(), new Date(), { baseUrl: SDI_API_BASE_URL.value(), token: SDI_API_TOKEN.value() });
  res.status(answer.status).set(answer.headers ?? {}).json(answer.body);
});

/** The shop's employees without PINs, for whoever may read the shop (owner, admins, its accountants and technicians). */
export const employeeDirectory = onCall((request) => employees.employeeDirectory(getFirestore(), request.auth?.uid, request.data));

/** Checks an employee's PIN for the shop's own session (/select-employee): the PINs never reach the browser. */
export const checkEmployeePin = onCall((request) => employees.checkEmployeePin(getFirestore(), request.auth?.uid, request.data));

/** An admin places a quarantined supplier invoice into a chosen shop, as the webhook would (release-quarantined.ts). */
export const releaseQuarantined = onCall((request) => release(getFirestore(), request.auth?.uid, request.data));

/** Where the pending-shops sheet is read from (the Google Form's export), and its Authorization (may be empty). */
export const PENDING_SHOPS_SOURCE_URL = defineString('PENDING_SHOPS_SOURCE_URL', { default: '' });
export const PENDING_SHOPS_SOURCE_AUTH = defineSecret('PENDING_SHOPS_SOURCE_AUTH');

function firstQuery(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The technician dashboard's pending shops (VITE_PENDING_SHOPS_URL), for technicians and admins only: filtered per caller, PINs one entry at a time (pending-shops.ts). */
export const pendingShops = onRequest({ secrets: [PENDING_SHOPS_SOURCE_AUTH], cors: true }, async (req, res) => {
  const answer = await handlePendingShops(getAuth(), getFirestore(), { method: req.method, header: (n) => req.get(n), query: (n) => firstQuery(req.query[n]) }, { url: PENDING_SHOPS_SOURCE_URL.value(), authorization: PENDING_SHOPS_SOURCE_AUTH.value() });
  res.status(answer.status).json(answer.body);
});

/**
 * A shop's catalogue or customer directory as one Firestore data bundle (list-bundle.ts), for a device whose cache
 * lacks it: GET ?list=products|customers&shop=<id> with the caller's ID token, gzip when asked. An HTTP function, not
 * a callable: the bundle travels as its own bytes, gzip'd about 7 times smaller, where a callable would wrap it in a
 * JSON string (every quote escaped) without compression; the browser hands the stream straight to loadBundle.
 */
export const listBundle = onRequest({ cors: true, timeoutSeconds: 120, memory: '1GiB' }, async (req, res) => {
  const answer = await handleListBundle(getAuth(), getFirestore(), { method: req.method, header: (n) => req.get(n), query: (n) => firstQuery(req.query[n]) });
  res.status(answer.status).set(answer.headers);
  if (Buffer.isBuffer(answer.body)) res.send(answer.body);
  else res.json(answer.body);
});

/** The webhook URL registered with the provider; empty = this project's sdiCallback in europe-west1. */
export const SDI_CALLBACK_URL = defineString('SDI_CALLBACK_URL', { default: '' });

function callbackUrl(): string {
  const configured = SDI_CALLBACK_URL.value().trim();
  if (configured !== '') return configured;
  const project = process.env.GCLOUD_PROJECT ?? process.env.GCP_PROJECT ?? '';
  return `https://europe-west1-${project}.cloudfunctions.net/sdiCallback`;
}

/**
 * The token-keeping proxy of the provider and the company lookup (provider-proxy.ts): VITE_PROVIDER_MODE=proxy. Its
 * answers carry no secret (proxy-answers.ts), the shop's fiscal identity is the FiscalId registry's, and calls per
 * shop are limited (proxy-quota.ts, PROXY_LIMITS).
 */
export const providerProxy = onCall({ secrets: [SDI_API_TOKEN, COMPANY_API_TOKEN, PROVIDER_WEBHOOK_AUTH], timeoutSeconds: 120, memory: '512MiB' }, (request) =>
  handleProviderProxy(getFirestore(), request.auth?.uid, request.data, {
    sdi: { baseUrl: SDI_API_BASE_URL.value(), token: SDI_API_TOKEN.value() },
    company: { baseUrl: COMPANY_API_BASE_URL.value(), token: COMPANY_API_TOKEN.value() },
    webhook: { url: callbackUrl(), authHeader: PROVIDER_WEBHOOK_AUTH.value() },
    loadSchemas: loadFatturapaSchemas,
    limits: PROXY_LIMITS,
  }),
);

/**
 * Yesterday's day summaries of every shop (functions/src/day-summaries.ts), daily at 12:30 Rome, when
 * every shop's business day of yesterday has ended (cut-offs go up to 11:59). Cloud Scheduler retries a failed run.
 */
export const daySummaries = onSchedule({ schedule: '30 12 * * *', timeZone: 'Europe/Rome', timeoutSeconds: 540, memory: '1GiB', retryCount: 2 }, async () => {
  const now = new Date();
  const report = await buildAllShopsDaySummaries(getFirestore(), [yesterday(now)], now);
  console.info('daySummaries', JSON.stringify(report));
});
