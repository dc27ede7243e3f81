/**
 * The Cloud Functions of the back office (DESIGN.md §3: the only server code). Bundled with esbuild into
 * lib/index.js, so the pure modules of src/domain are imported, not copied. Region europe-west1 (the app's
 * default callback URL, src/config/env.ts, names it).
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { defineSecret } from 'firebase-functions/params';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import * as employees from './employees';
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
