/**
 * `sendDrafts` wired to the app: Firestore (api-send.ts), the SDI client, the engine's pre-flight (the XSD text and
 * xmllint-wasm are loaded only when it runs) and the activity log.
 */
import type { Sale } from '@/data/sale';
import { checkInvoiceSemantics, validateInvoicesXsd } from '@/domain/fatturapa/validate';
import { senderVatOfXml } from '@/domain/fatturapa/renumber';
import { sdiApi } from '@/lib/sdi-api';
import { logActivity } from '@/stores/activity-log';
import { customerOfSale, fixDraftNumbers, loadSendContext, recordSent, releaseDraft } from '../api-send';
import { previewDraftWith, sendDraftsWith, type SendDeps, type SendResult, type SendState } from './send-drafts';
import type { DraftXml } from './draft-xml';
import { recordLeftovers, unrecordedStore } from './unrecorded';
import { loadFatturapaSchemas } from '@/lib/fatturapa-xsd';

const logSent = (details: Record<string, unknown>) => logActivity({ action: 'invoice_sent', module: 'invoices', details });

/** `shopId`: the shop the invoices are sent for (the provider proxy checks the caller's rights on it). */
export function appSendDeps(shopId = ''): SendDeps {
  return {
    loadContext: loadSendContext,
    customerOf: customerOfSale,
    loadSchemas: loadFatturapaSchemas,
    checkSemantics: checkInvoiceSemantics,
    validateXsd: validateInvoicesXsd,
    fixNumbers: fixDraftNumbers,
    send: (xml) => sdiApi(shopId).sendInvoice(xml),
    findSent: async (invoiceNumber, xml) => {
      const sender = senderVatOfXml(xml);
      if (!sender) return undefined;
      const found = await sdiApi(shopId).findSent(invoiceNumber, sender);
      return found.kind === 'ok' ? found.value.at(-1)?.uuid : undefined;
    },
    recordSent,
    unrecorded: unrecordedStore(),
    release: releaseDraft,
    log: logSent,
    now: () => new Date(),
  };
}

/**
 * Sends the drafts of the shop (one, a group, or all): pre-flight, numbers, provider, records. `onState` gets
 * 'sending' for every draft at once, then each draft's final state. Never rejects: every failure is a state.
 */
export function sendDrafts(shopId: string, drafts: readonly Sale[], onState: (saleId: string, state: SendState) => void = () => undefined): Promise<SendResult[]> {
  return sendDraftsWith(appSendDeps(shopId), shopId, drafts, onState);
}

/** Records the invoices this browser sent but could not record (unrecorded.ts); logged as sent once recorded. */
export function recordLeftoverSends(shopId: string) {
  return recordLeftovers(shopId, unrecordedStore(), recordSent, (sent) =>
    logSent({ saleId: sent.saleId, invoiceUUID: sent.uuid, invoiceNumber: sent.number, recordedLater: true }),
  );
}

/** The draft's e-invoice as the send would build it now, for 'Apri' and 'PDF' before sending. */
export function previewDraft(shopId: string, draft: Sale): Promise<DraftXml> {
  return previewDraftWith(appSendDeps(shopId), shopId, draft);
}
