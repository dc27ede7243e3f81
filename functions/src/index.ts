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
import * as employees from './employees';
import { handlePendingShops } from './pending-shops';
import { handleWebhook } from './webhook';

initializeApp();
setGlobalOptions({ region: 'europe-west1', maxInstances: 10 });

/** The value the provider sends in Authorization (registered as the callbacks' auth_header). */
export const PROVIDER_WEBHOOK_AUTH = defineSecret('PROVIDER_WEBHOOK_AUTH');

/** The provider's callbacks (supplier-invoice, customer-notification): OPENAPI-SDI.md §3.2, §3.6, §4. */
export const sdiCallback = onRequest({ secrets: [PROVIDER_WEBHOOK_AUTH], cors: false }, async (req, res) => {
  const answer = await handleWebhook(getFirestore(), { method: req.method, header: (n) => req.get(n), rawBody: req.rawBody, body: req.body as unknown }, PROVIDER_WEBHOOK_AUTH.value());
  res.status(answer.status).json(answer.body);
});

/** The shop's employees without PINs, for whoever may read the shop (owner, admins, its accountants and technicians). */
export const employeeDirectory = onCall((request) => employees.employeeDirectory(getFirestore(), request.auth?.uid, request.data));

/** Checks an employee's PIN for the shop's own session (/select-employee): the PINs never reach the browser. */
export const checkEmployeePin = onCall((request) => employees.checkEmployeePin(getFirestore(), request.auth?.uid, request.data));

/** Where the pending-shops sheet is read from (the Google Form's export), and its Authorization (may be empty). */
export const PENDING_SHOPS_SOURCE_URL = defineString('PENDING_SHOPS_SOURCE_URL', { default: '' });
export const PENDING_SHOPS_SOURCE_AUTH = defineSecret('PENDING_SHOPS_SOURCE_AUTH');

/** The technician dashboard's pending shops (VITE_PENDING_SHOPS_URL), for technicians and admins only. */
export const pendingShops = onRequest({ secrets: [PENDING_SHOPS_SOURCE_AUTH], cors: true }, async (req, res) => {
  const answer = await handlePendingShops(getAuth(), getFirestore(), { method: req.method, header: (n) => req.get(n) }, { url: PENDING_SHOPS_SOURCE_URL.value(), authorization: PENDING_SHOPS_SOURCE_AUTH.value() });
  res.status(answer.status).json(answer.body);
});
