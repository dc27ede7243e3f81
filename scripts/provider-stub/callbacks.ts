// The provider's callbacks (OPENAPI-SDI.md §3.2, §3.6, §4): after the sandbox simulators add a notification or a
// supplier invoice, the stub POSTs {event, data} to the webhook, as the real provider does for configured
// callbacks. Target: the stub's `webhook` option (npm start / e2e: the Functions emulator's sdiCallback with the
// local auth header), else the url and auth_header registered with POST /api_configurations for that event.
import type { DeliveredCallback, Notification, PendingCallback, StoredInvoice, StubState } from './state.ts';

export type WebhookTarget = { url: string; authHeader: string };

/**
 * Deliveries not answered 200 are kept for a retry, as the provider does (OPENAPI-SDI.md §3.2: A-Cube retries 15
 * times, every 300 s with back-off, while the endpoint does not answer 200). The stub has no timer: POST
 * /__stub/retry-callbacks delivers the kept ones again now (the webhook answers a quarantined delivery 503).
 */
export const MAX_CALLBACK_ATTEMPTS = 15;

export function notificationCallback(invoice: StoredInvoice, notification: Notification): PendingCallback {
  const payload = typeof invoice.payload === 'string' ? { fattura_elettronica_header: {}, fattura_elettronica_body: [] } : invoice.payload;
  return {
    event: 'customer-notification',
    fiscalIds: [invoice.sender.business_vat_number_code, invoice.sender.business_fiscal_code],
    data: { notification, invoice: payload },
  };
}

export function supplierInvoiceCallback(invoice: StoredInvoice): PendingCallback {
  return {
    event: 'supplier-invoice',
    fiscalIds: [invoice.recipient.business_vat_number_code, invoice.recipient.business_fiscal_code],
    data: { invoice: { uuid: invoice.uuid, created_at: invoice.created_at, filename: invoice.sdi_file_name, file_id: invoice.sdi_file_id, payload: invoice.payload } },
  };
}

function targetFor(state: StubState, pending: PendingCallback, webhook: WebhookTarget | undefined): WebhookTarget | undefined {
  if (webhook) return webhook;
  for (const config of state.apiConfigs.values()) {
    if (!pending.fiscalIds.includes(config.fiscal_id)) continue;
    const callback = config.callbacks.find((c) => c.event === pending.event);
    if (callback) return { url: callback.url, authHeader: callback.auth_header ?? '' };
  }
  return undefined;
}

/** Delivers the queued callbacks in order (awaited, so a simulator answers after its callback was handled). */
export async function deliverCallbacks(state: StubState, webhook: WebhookTarget | undefined): Promise<void> {
  const queue = state.pendingCallbacks.splice(0);
  for (const pending of queue) {
    const target = targetFor(state, pending, webhook);
    if (!target) continue;
    let status: number | null = null;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(target.authHeader ? { Authorization: target.authHeader } : {}) },
        body: JSON.stringify({ event: pending.event, data: pending.data }),
        signal: AbortSignal.timeout(20_000),
      });
      status = res.status;
    } catch {
      status = null;
    }
    state.deliveredCallbacks.push({ event: pending.event, url: target.url, status });
    const attempts = (pending.attempts ?? 0) + 1;
    if (status !== 200 && attempts < MAX_CALLBACK_ATTEMPTS) state.retryCallbacks.push({ ...pending, attempts });
  }
}

/** POST /__stub/retry-callbacks: the kept deliveries, delivered again now; answers what came of them. */
export async function retryCallbacks(state: StubState, webhook: WebhookTarget | undefined): Promise<DeliveredCallback[]> {
  state.pendingCallbacks.push(...state.retryCallbacks.splice(0));
  const before = state.deliveredCallbacks.length;
  await deliverCallbacks(state, webhook);
  return state.deliveredCallbacks.slice(before);
}
