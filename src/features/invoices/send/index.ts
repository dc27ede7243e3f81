/**
 * The send module's entry for the /invoices screens: `sendDrafts` (pre-flight, numbers, provider, records) and the
 * `useSendDrafts` hook with the per-draft states of the send UI; `draftXml` for a draft's automatic payload.
 */
export { appSendDeps, previewDraft, recordLeftoverSends, sendDrafts } from './send-app';
export { SEND_TEXTS, SHOP_TEXTS, previewDraftWith, sendDraftsWith, type FinalSendState, type SendDeps, type SendResult, type SendState } from './send-drafts';
export { draftXml, saleToDraftInput, type DraftXml } from './draft-xml';
export { useLeftoverSends } from './use-leftover-sends';
export { useSendDrafts, SENT_CLEAR_MS, SENT_FADE_MS, type DraftSendView } from './use-send-drafts';
