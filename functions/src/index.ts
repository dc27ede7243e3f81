/**
 * The Cloud Functions of the back office (DESIGN.md §3: the only server code). Bundled with esbuild into
 * lib/index.js (scripts/build-functions.ts), so the pure modules of src/domain are imported, not copied.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { handleWebhook } from './webhook';

initializeApp();

/** The value the provider sends in Authorization (registered as the callbacks' auth_header). */
export const PROVIDER_WEBHOOK_AUTH = defineSecret('PROVIDER_WEBHOOK_AUTH');

export const providerWebhook = onRequest({ secrets: [PROVIDER_WEBHOOK_AUTH], cors: false }, async (req, res) => {
  const answer = await handleWebhook(getFirestore(), { method: req.method, header: (n) => req.get(n), rawBody: req.rawBody, body: req.body as unknown }, PROVIDER_WEBHOOK_AUTH.value());
  res.status(answer.status).json(answer.body);
});
