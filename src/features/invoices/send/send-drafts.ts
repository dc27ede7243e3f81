/**
 * Sending drafts to the SDI (document 2 §4.3, §7 HTTP, §8), for the /invoices screens:
 * 1. each draft's XML: its payload, or one built by the engine (draft-xml.ts) with a provisional number;
 * 2. pre-flight with the engine: the SdI content checks and the official XSD (xmllint-wasm and the XSD text are
 *    loaded only now, and the whole batch is validated in ONE xmllint call). A draft with problems is not sent;
 * 3. the final numbers in ONE Firestore transaction with the shop's counters (numbers.ts, api-send.ts);
 * 4. POST /invoices through the one SDI client (lib/sdi-api.ts), a few at a time;
 * 5. on success the Sale gets invoiceUUID, number and payload, the Invoice keyed by the uuid is created with status
 *    'sent', and invoice_sent is logged.
 * Every draft ends in one state: sent (with its number), failed (status, message, raw body: the error panel), or
 * problems (the pre-flight's Italian messages, with the path of the field they concern).
 */
import type { Sale } from '@/data/sale';
import { InvoiceBuildError } from '@/domain/fatturapa/build-error';
import { formatCreditNoteNumber, formatInvoiceNumber, resolveInvoiceNumber, isPurelyNumeric } from '@/domain/fatturapa/numbering';
import type { InvoiceProblem } from '@/domain/fatturapa/problem';
import { invoiceNumberOfXml, renumberInvoiceXml } from '@/domain/fatturapa/renumber';
import type { FatturapaSchemas } from '@/domain/fatturapa/validate';
import { SEND_INVALID_ANSWER, type SdiSendResult } from '@/lib/sdi-api';
import type { NumberingDecision, NumberingRequest, SendContext, SentInvoice } from './send-contract';
import { draftXml, saleDocumentType, type DraftXml } from './draft-xml';
import { planNumbers } from './numbers';

export type SendState =
  | 'sending'
  | { kind: 'sent'; number: string; uuid: string }
  | { kind: 'failed'; status: number; message: string; rawBody: string }
  | { kind: 'problems'; problems: InvoiceProblem[] };

export type FinalSendState = Exclude<SendState, 'sending'>;

export interface SendResult {
  saleId: string;
  state: FinalSendState;
}

import { SEND_TEXTS, SHOP_TEXTS } from './send-texts';

export { SEND_TEXTS, SHOP_TEXTS };

export interface SendDeps {
  /** `purpose` 'preview' may leave out what only the numbering needs (the numbers already used). */
  loadContext: (shopId: string, drafts: readonly Sale[], purpose?: 'send' | 'preview') => Promise<SendContext>;
  customerOf: (context: SendContext, sale: Sale) => ReturnType<SendContext['customers']['get']>;
  loadSchemas: () => Promise<FatturapaSchemas>;
  /** The semantic checks and the batch XSD validation (engine). */
  checkSemantics: (xml: string) => InvoiceProblem[];
  validateXsd: (xmls: readonly string[], schemas: FatturapaSchemas) => Promise<InvoiceProblem[][]>;
  fixNumbers: (shopId: string, draftIds: readonly string[], decide: (request: NumberingRequest) => NumberingDecision) => Promise<NumberingDecision>;
  send: (xml: string) => Promise<SdiSendResult>;
  /**
   * After a send without a usable answer (time-out, unreadable or uuid-less body): the uuid of the invoice the
   * provider queued all the same under this number, or undefined (not there, or the provider cannot tell).
   */
  findSent?: (invoiceNumber: string, xml: string) => Promise<string | undefined>;
  recordSent: (sent: SentInvoice) => Promise<void>;
  /**
   * Keeps an invoice the provider accepted until its record is confirmed (write-ahead, in the browser): a closed
   * tab or a lost network between the provider's answer and Firestore loses nothing, the record is retried later.
   */
  unrecorded: { remember: (sent: SentInvoice) => void; forget: (uuid: string) => void };
  /** Removes the draft's sending mark after a failed send. */
  release: (saleId: string) => Promise<void>;
  log: (details: Record<string, unknown>) => void;
  now: () => Date;
  /** How many provider calls run at once. */
  concurrency?: number;
}

/** The drafts' XML, built (or taken) with provisional numbers; problems for the drafts that cannot be built. */
function prepare(shopId: string, drafts: readonly Sale[], context: SendContext, deps: Pick<SendDeps, 'customerOf' | 'now'>) {
  const today = deps.now();
  let counter = context.counters.nextInvoice;
  let creditCounter = context.counters.lastCreditNote;
  return drafts.map((sale) => {
    const year = (sale.date ?? today).getFullYear();
    const raw = sale.invoiceNumber?.trim() ?? '';
    let provisional: string;
    if (raw !== '') provisional = isPurelyNumeric(raw) ? resolveInvoiceNumber(raw, shopId, year) : raw;
    else if (saleDocumentType(sale) === 'TD04') provisional = formatCreditNoteNumber(shopId, year, ++creditCounter);
    else provisional = formatInvoiceNumber(shopId, year, counter++);
    const related = sale.originalInvoiceUUID ? context.related.get(sale.originalInvoiceUUID) : undefined;
    return { sale, built: draftXml(sale, context.shop, deps.customerOf(context, sale), provisional, today, related) };
  });
}

export type PreviewDeps = Pick<SendDeps, 'loadContext' | 'customerOf' | 'now'>;

/**
 * A draft's e-invoice as 'Invia' would build it now (document 2 §4.3: a draft without a payload gets one): the
 * same preparation as the send, for 'Apri' and the PDF before sending. Its number is provisional when the draft has
 * none (the next of the shop's counter); the send fixes it in its transaction, and only a number taken meanwhile
 * changes it.
 */
export async function previewDraftWith(deps: PreviewDeps, shopId: string, draft: Sale): Promise<DraftXml> {
  const context = await deps.loadContext(shopId, [draft], 'preview');
  return prepare(shopId, [draft], context, deps)[0]?.built ?? { kind: 'problems', problems: [] };
}

function failed(status: number, message: string, rawBody = ''): FinalSendState {
  return { kind: 'failed', status, message, rawBody };
}

function fromProvider(result: Exclude<SdiSendResult, { kind: 'sent' }>): FinalSendState {
  switch (result.kind) {
    case 'failed':
      return failed(result.status, result.message, result.rawBody);
    case 'invalid-answer':
      return failed(200, SEND_INVALID_ANSWER);
    case 'error':
      return failed(0, result.reason);
  }
}

/** ImportoTotaleDocumento of the XML, for the Invoice's total. */
function documentTotal(xml: string): number | undefined {
  const m = /<ImportoTotaleDocumento>\s*(-?\d+(?:\.\d+)?)\s*</.exec(xml);
  // eslint-disable-next-line no-restricted-syntax -- a FatturaPA decimal matched above, not typed text
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

async function withRetries<T>(attempts: number, action: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await action();
    } catch (error) {
      if (i >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * i));
    }
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function sendDraftsWith(deps: SendDeps, shopId: string, drafts: readonly Sale[], onState: (saleId: string, state: SendState) => void): Promise<SendResult[]> {
  const results = new Map<string, FinalSendState>();
  const settle = (saleId: string, state: FinalSendState) => {
    results.set(saleId, state);
    onState(saleId, state);
  };
  const finish = () => drafts.map((d) => ({ saleId: d.id, state: results.get(d.id) ?? failed(0, SEND_TEXTS.noLongerDraft) }));
  if (drafts.length === 0) return [];
  for (const d of drafts) onState(d.id, 'sending');

  let context: SendContext;
  try {
    context = await deps.loadContext(shopId, drafts);
  } catch (error) {
    for (const d of drafts) settle(d.id, failed(0, reasonOf(error)));
    return finish();
  }

  // 1-2. XML and pre-flight (one xmllint call for the batch).
  const prepared = prepare(shopId, drafts, context, deps);
  const candidates: { sale: Sale; xml: string }[] = [];
  for (const p of prepared) {
    if (p.built.kind === 'problems') settle(p.sale.id, { kind: 'problems', problems: p.built.problems });
    else candidates.push({ sale: p.sale, xml: p.built.xml });
  }
  if (candidates.length > 0) {
    let xsd: InvoiceProblem[][];
    try {
      xsd = await deps.validateXsd(candidates.map((c) => c.xml), await deps.loadSchemas());
    } catch (error) {
      for (const c of candidates) settle(c.sale.id, failed(0, `Controllo del tracciato non riuscito: ${reasonOf(error)}`));
      return finish();
    }
    const clean: typeof candidates = [];
    candidates.forEach((c, i) => {
      const semantic = deps.checkSemantics(c.xml);
      const own = xsd[i] ?? [];
      const malformed = own.some((p) => p.message.startsWith('Il file XML non è ben formato'));
      const problems = [...own, ...(malformed ? semantic.filter((p) => p.code !== 'XSD') : semantic)];
      if (problems.length > 0) settle(c.sale.id, { kind: 'problems', problems });
      else clean.push(c);
    });
    candidates.splice(0, candidates.length, ...clean);
  }
  if (candidates.length === 0) return finish();

  // 3. Final numbers, in one transaction with the counters.
  const xmlById = new Map(candidates.map((c) => [c.sale.id, c.xml]));
  const renumberProblems = new Map<string, InvoiceProblem[]>();
  let decision: NumberingDecision;
  try {
    decision = await deps.fixNumbers(shopId, [...xmlById.keys()], ({ drafts: current, counters }) => {
      renumberProblems.clear();
      const today = deps.now();
      const order = candidates.filter((c) => current.has(c.sale.id)).map((c) => current.get(c.sale.id) as Sale);
      const plan = planNumbers(
        shopId,
        order.map((s) => ({ id: s.id, invoiceNumber: s.invoiceNumber, creditNote: saleDocumentType(s) === 'TD04', year: (s.date ?? today).getFullYear() })),
        counters,
        context.used,
      );
      const updates = new Map<string, { invoiceNumber: string; invoicePayload: string }>();
      for (const s of order) {
        const number = plan.numbers.get(s.id) ?? '';
        const xml = xmlById.get(s.id) ?? '';
        try {
          updates.set(s.id, { invoiceNumber: number, invoicePayload: invoiceNumberOfXml(xml) === number ? xml : renumberInvoiceXml(xml, number) });
        } catch (error) {
          if (!(error instanceof InvoiceBuildError)) throw error;
          renumberProblems.set(s.id, [{ code: 'BOZZA', path: error.field, message: error.message }]);
        }
      }
      return {
        updates,
        counters: { nextInvoice: plan.changed.nextInvoice ? plan.counters.nextInvoice : undefined, lastCreditNote: plan.changed.lastCreditNote ? plan.counters.lastCreditNote : undefined },
      };
    });
  } catch (error) {
    for (const c of candidates) settle(c.sale.id, failed(0, `${SEND_TEXTS.numberUpdateFailed}: ${reasonOf(error)}`));
    return finish();
  }
  for (const [id, problems] of renumberProblems) settle(id, { kind: 'problems', problems });
  for (const c of candidates) if (!decision.updates.has(c.sale.id) && !renumberProblems.has(c.sale.id)) settle(c.sale.id, failed(0, SEND_TEXTS.noLongerDraft));

  // 4-5. Provider, then Firestore.
  const toSend = candidates.filter((c) => decision.updates.has(c.sale.id));
  await eachLimited(toSend, deps.concurrency ?? 4, async ({ sale }) => {
    const update = decision.updates.get(sale.id);
    if (!update) return;
    let answer = await deps.send(update.invoicePayload);
    if ((answer.kind === 'error' || answer.kind === 'invalid-answer') && deps.findSent) {
      // The answer was lost, not the invoice: the provider may have queued it (a time-out or a mangled
      // body). Asking by number records it now instead of leaving it to a later resend that would queue it twice.
      const uuid = await deps.findSent(update.invoiceNumber, update.invoicePayload).catch(() => undefined);
      if (uuid) answer = { kind: 'sent', uuid };
    }
    if (answer.kind !== 'sent') {
      // A refusal (non-OK answer) frees the draft at once. No answer, or a 200 without uuid, may still have queued
      // the invoice at the provider: the mark stays until it expires (2 minutes), so no tab sends it twice meanwhile.
      if (answer.kind === 'failed') await deps.release(sale.id).catch(() => undefined);
      settle(sale.id, fromProvider(answer));
      return;
    }
    const sent: SentInvoice = {
      shopId, saleId: sale.id, originalInvoiceUUID: sale.originalInvoiceUUID, uuid: answer.uuid, number: update.invoiceNumber, xml: update.invoicePayload,
      total: documentTotal(update.invoicePayload), date: sale.date,
    };
    deps.unrecorded.remember(sent);
    try {
      await withRetries(3, () => deps.recordSent(sent));
    } catch (error) {
      settle(sale.id, failed(0, SEND_TEXTS.unrecorded(update.invoiceNumber, answer.uuid, reasonOf(error))));
      return;
    }
    deps.unrecorded.forget(answer.uuid);
    deps.log({ saleId: sale.id, invoiceUUID: answer.uuid, invoiceNumber: update.invoiceNumber });
    settle(sale.id, { kind: 'sent', number: update.invoiceNumber, uuid: answer.uuid });
  });
  return finish();
}
