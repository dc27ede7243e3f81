import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeSale, type Sale } from '@/data/sale';
import { invoiceNumberOfXml, senderVatOfXml } from '@/domain/fatturapa/renumber';
import { loadFatturapaSchemas } from '@/domain/fatturapa/test-fixtures';
import { checkInvoiceSemantics, validateInvoicesXsd } from '@/domain/fatturapa/validate';
import { confirmedTransaction, confirmedWrite } from '@/lib/firebase-errors';
import type { SdiSendResult } from '@/lib/sdi-api';
import type { NumberingDecision, SendContext, SentInvoice } from './send-contract';
import { draftXml } from './draft-xml';
import { previewDraftWith, sendDraftsWith, type SendDeps, type SendState } from './send-drafts';
import { saleRaw, TEST_CUSTOMER, TEST_SHOP } from './send-test-kit';

const SHOP = 'AbCdEfGh';
const sale = (id: string, over: Record<string, unknown> = {}) => normalizeSale(id, saleRaw(over));

function harness(
  options: {
    answers?: SdiSendResult[]; stale?: string[]; fixFails?: boolean; recordFails?: boolean; used?: Record<string, string>; atProvider?: Record<string, string>;
    deps?: Partial<SendDeps>;
  } = {},
) {
  const lookedUp: [string, string | undefined][] = [];
  const sent: string[] = [];
  const recorded: SentInvoice[] = [];
  const remembered = new Map<string, SentInvoice>();
  const logged: Record<string, unknown>[] = [];
  const xsdCalls: number[] = [];
  const released: string[] = [];
  const decisions: NumberingDecision[] = [];
  const answers = [...(options.answers ?? [])];
  let uuid = 0;
  const context: SendContext = {
    shop: TEST_SHOP,
    customers: new Map([['c1', TEST_CUSTOMER]]),
    used: new Map(Object.entries(options.used ?? {})),
    counters: { nextInvoice: 12, lastCreditNote: 0 },
    related: new Map([['orig-1', { number: 'AbCdE-2026-3', date: '2026-03-01' }]]),
  };
  const deps: SendDeps = {
    loadContext: () => Promise.resolve(context),
    customerOf: (c, s) => (s.customerId ? c.customers.get(s.customerId) : undefined),
    loadSchemas: () => Promise.resolve(loadFatturapaSchemas()),
    checkSemantics: checkInvoiceSemantics,
    validateXsd: (xmls, schemas) => {
      xsdCalls.push(xmls.length);
      return validateInvoicesXsd(xmls, schemas);
    },
    fixNumbers: (_shop, ids, decide) => {
      if (options.fixFails) return Promise.reject(new Error('contesa'));
      const drafts = new Map<string, Sale>(ids.filter((id) => !options.stale?.includes(id)).map((id) => [id, current.get(id) as Sale]));
      const decision = decide({ drafts, counters: { nextInvoice: 12, lastCreditNote: 0 } });
      decisions.push(decision);
      return Promise.resolve(decision);
    },
    send: (xml) => {
      sent.push(xml);
      return Promise.resolve(answers.shift() ?? { kind: 'sent', uuid: `uuid-${String(++uuid)}` });
    },
    ...(options.atProvider
      ? {
          findSent: (number: string, xml: string) => {
            lookedUp.push([number, senderVatOfXml(xml)]);
            return Promise.resolve(options.atProvider?.[number]);
          },
        }
      : {}),
    recordSent: (s) => {
      if (options.recordFails) return Promise.reject(new Error('rete assente'));
      recorded.push(s);
      return Promise.resolve();
    },
    unrecorded: { remember: (s) => void remembered.set(s.uuid, s), forget: (uuid) => void remembered.delete(uuid) },
    release: (id) => {
      released.push(id);
      return Promise.resolve();
    },
    log: (details) => logged.push(details),
    now: () => new Date(2026, 2, 12),
    ...options.deps,
  };
  const current = new Map<string, Sale>();
  const states: [string, SendState][] = [];
  const run = (drafts: Sale[]) => {
    for (const d of drafts) current.set(d.id, d);
    return sendDraftsWith(deps, SHOP, drafts, (id, state) => states.push([id, state]));
  };
  return { run, deps, sent, recorded, remembered, logged, xsdCalls, decisions, states, released, lookedUp };
}

describe('previewDraftWith', () => {
  it("shows before the send exactly the XML 'Invia' then sends, for a draft without a payload (number provisional until then)", async () => {
    const h = harness();
    const draft = sale('a');
    const preview = await previewDraftWith(h.deps, SHOP, draft);
    if (preview.kind !== 'xml') throw new Error('the draft should build');
    expect(preview.generated).toBe(true);
    expect(invoiceNumberOfXml(preview.xml)).toBe('AbCdE-2026-12');
    await h.run([draft]);
    expect(h.sent).toEqual([preview.xml]);
  });

  it('a draft that cannot be built says why, as the send would', async () => {
    const h = harness();
    const preview = await previewDraftWith(h.deps, SHOP, sale('a', { customerId: 'missing' }));
    expect(preview.kind).toBe('problems');
  });
});

describe('sendDraftsWith', () => {
  it('after a lost answer asks the provider by number: a queued invoice is recorded as sent, an absent one stays failed and marked', async () => {
    const lost: SdiSendResult = { kind: 'error', reason: 'il servizio non ha risposto in tempo' };
    const h = harness({ answers: [lost, { kind: 'invalid-answer' }, lost], atProvider: { 'AbCdE-2026-12': 'queued-uuid', 'AbCdE-2026-13': 'other-uuid' } });
    const results = await h.run([sale('a'), sale('b'), sale('c')]);
    expect(results).toEqual([
      { saleId: 'a', state: { kind: 'sent', number: 'AbCdE-2026-12', uuid: 'queued-uuid' } },
      { saleId: 'b', state: { kind: 'sent', number: 'AbCdE-2026-13', uuid: 'other-uuid' } },
      { saleId: 'c', state: { kind: 'failed', status: 0, message: 'il servizio non ha risposto in tempo', rawBody: '' } },
    ]);
    expect(h.sent).toHaveLength(3);
    expect(h.lookedUp.map(([number]) => number)).toEqual(['AbCdE-2026-12', 'AbCdE-2026-13', 'AbCdE-2026-14']);
    expect(h.lookedUp[0]?.[1]).toMatch(/^\d{11}$/);
    expect(h.recorded.map((r) => r.uuid)).toEqual(['queued-uuid', 'other-uuid']);
    // Not found: the sending mark stays (the provider may still queue it), as for any send without an answer.
    expect(h.released).toEqual([]);
  });

  it('does not ask the provider after a refusal: nothing was queued', async () => {
    const h = harness({ answers: [{ kind: 'failed', status: 500, message: 'Internal Server Error', rawBody: '' }], atProvider: { 'AbCdE-2026-12': 'x' } });
    const [result] = await h.run([sale('a')]);
    expect(result?.state).toMatchObject({ kind: 'failed', status: 500 });
    expect(h.lookedUp).toEqual([]);
    expect(h.released).toEqual(['a']);
  });

  it('builds, checks in one XSD call, numbers from the counter, sends, records and logs', async () => {
    const h = harness();
    const results = await h.run([sale('a'), sale('b')]);
    expect(results).toEqual([
      { saleId: 'a', state: { kind: 'sent', number: 'AbCdE-2026-12', uuid: 'uuid-1' } },
      { saleId: 'b', state: { kind: 'sent', number: 'AbCdE-2026-13', uuid: 'uuid-2' } },
    ]);
    expect(h.xsdCalls).toEqual([2]);
    expect(h.decisions[0]?.counters).toEqual({ nextInvoice: 14, lastCreditNote: undefined });
    expect(h.sent.map(invoiceNumberOfXml)).toEqual(['AbCdE-2026-12', 'AbCdE-2026-13']);
    expect(h.recorded.map((r) => [r.saleId, r.uuid, r.number, r.total])).toEqual([['a', 'uuid-1', 'AbCdE-2026-12', 253.9], ['b', 'uuid-2', 'AbCdE-2026-13', 253.9]]);
    expect(h.logged).toEqual([{ saleId: 'a', invoiceUUID: 'uuid-1', invoiceNumber: 'AbCdE-2026-12' }, { saleId: 'b', invoiceUUID: 'uuid-2', invoiceNumber: 'AbCdE-2026-13' }]);
    expect(h.states.slice(0, 2)).toEqual([['a', 'sending'], ['b', 'sending']]);
  });

  it('sends nothing for a draft with pre-flight problems (builder or XSD), the others go', async () => {
    const good = sale('good');
    const built = draftXml(good, TEST_SHOP, TEST_CUSTOMER, 'AbCdE-2026-40', new Date());
    const badXsd = built.kind === 'xml' ? built.xml.replace(/<Divisa>EUR<\/Divisa>/, '') : '';
    const h = harness();
    const results = await h.run([sale('nocust', { customerId: 'missing' }), sale('xsd', { invoicePayload: badXsd, invoiceNumber: 'AbCdE-2026-40' }), good]);
    expect(results[0]?.state).toMatchObject({ kind: 'problems', problems: [{ code: 'BOZZA' }] });
    const xsd = results[1]?.state;
    expect(xsd?.kind === 'problems' && xsd.problems[0]?.code).toBe('XSD');
    expect(results[2]?.state).toMatchObject({ kind: 'sent', number: 'AbCdE-2026-12' });
    expect(h.sent).toHaveLength(1);
    expect(h.xsdCalls).toEqual([2]);
  });

  it('keeps status, message and raw body of a refused send, and the spec text for an answer without uuid', async () => {
    const h = harness({ answers: [{ kind: 'failed', status: 402, message: 'Billing error', rawBody: '{"error":611}' }, { kind: 'invalid-answer' }, { kind: 'error', reason: 'il servizio non ha risposto in tempo' }] });
    const results = await h.run([sale('a'), sale('b'), sale('c')]);
    expect(results.map((r) => r.state)).toEqual([
      { kind: 'failed', status: 402, message: 'Billing error', rawBody: '{"error":611}' },
      { kind: 'failed', status: 200, message: 'Errore: risposta server non valida durante invio fattura', rawBody: '' },
      { kind: 'failed', status: 0, message: 'il servizio non ha risposto in tempo', rawBody: '' },
    ]);
    expect(h.recorded).toEqual([]);
    expect(h.logged).toEqual([]);
    expect(h.released).toEqual(['a']);
  });

  it('builds a credit note that names the invoice it corrects', async () => {
    const h = harness();
    const results = await h.run([sale('nc', { method: 'Nota di Credito', invoiceNumber: 'AbCdE-2026-NC-1', originalInvoiceUUID: 'orig-1' })]);
    expect(results[0]?.state).toMatchObject({ kind: 'sent', number: 'AbCdE-2026-NC-1' });
    expect(h.sent[0]).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(h.sent[0]).toMatch(/<DatiFattureCollegate>\s*<IdDocumento>AbCdE-2026-3<\/IdDocumento>\s*<Data>2026-03-01<\/Data>/);
    const orphan = await harness().run([sale('nc2', { method: 'Nota di Credito', invoiceNumber: 'AbCdE-2026-NC-2' })]);
    expect(orphan[0]?.state).toMatchObject({ kind: 'problems', problems: [{ path: 'relatedInvoice' }] });
  });

  it('renumbers a payload whose number another sale already has (incremented until free), and keeps a free one', async () => {
    const built = draftXml(sale('x'), TEST_SHOP, TEST_CUSTOMER, 'AbCdE-2026-3', new Date());
    const xml = built.kind === 'xml' ? built.xml : '';
    const h = harness({ used: { other: 'AbCdE-2026-3' } });
    const results = await h.run([sale('dup', { invoicePayload: xml, invoiceNumber: 'AbCdE-2026-3' })]);
    expect(results[0]?.state).toMatchObject({ kind: 'sent', number: 'AbCdE-2026-4' });
    expect(invoiceNumberOfXml(h.sent[0] ?? '')).toBe('AbCdE-2026-4');
    const free = harness();
    await free.run([sale('own', { invoicePayload: xml, invoiceNumber: 'AbCdE-2026-3' })]);
    expect(free.sent).toEqual([xml.trim()]);
    expect(free.decisions[0]?.counters).toEqual({ nextInvoice: undefined, lastCreditNote: undefined });
  });

  it('reports a draft sent meanwhile by another tab, a failed numbering transaction, and an unrecorded send', async () => {
    const stale = await harness({ stale: ['a'] }).run([sale('a')]);
    expect(stale[0]?.state).toMatchObject({ kind: 'failed', message: expect.stringContaining('non è più da inviare') as unknown });
    const tx = harness({ fixFails: true });
    expect((await tx.run([sale('a')]))[0]?.state).toEqual({ kind: 'failed', status: 0, message: 'Errore durante aggiornamento numero fattura: contesa', rawBody: '' });
    expect(tx.sent).toEqual([]);
    const lost = harness({ recordFails: true });
    const unrecorded = await lost.run([sale('a')]);
    expect(unrecorded[0]?.state).toMatchObject({ kind: 'failed', message: expect.stringContaining('accettata dallo SdI (uuid uuid-1) ma non è stata ancora salvata') as unknown });
    // Kept for a later record (write-ahead); a recorded send leaves nothing behind.
    expect([...lost.remembered.keys()]).toEqual(['uuid-1']);
    const fine = harness();
    await fine.run([sale('a')]);
    expect(fine.remembered.size).toBe(0);
    // Four runs of the pre-flight (xmllint) and 0.9 s of record retries: more than 5 s on a loaded 2-core machine.
  }, 20_000);
});

describe('sendDraftsWith offline (the writes through the confirmed-write helpers, as api-send.ts wires them)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const never = () => new Promise<never>(() => undefined);

  it('the numbering transaction is not started with the browser offline: every draft ends failed in Italian at once, nothing sent', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    let started = 0;
    const h = harness({ deps: { fixNumbers: () => confirmedTransaction(() => (started++, never())) } });
    const results = await h.run([sale('a'), sale('b')]);
    expect(results.map((r) => r.state)).toEqual(
      ['a', 'b'].map(() => ({
        kind: 'failed', status: 0, rawBody: '',
        message: 'Errore durante aggiornamento numero fattura: Servizio momentaneamente non raggiungibile. Controlla la connessione e riprova.',
      })),
    );
    expect(started).toBe(0);
    expect(h.sent).toEqual([]);
  }, 20_000);

  it('a refused send whose release the server never confirms still ends, with the provider\'s refusal', async () => {
    const released: string[] = [];
    const h = harness({
      answers: [{ kind: 'failed', status: 402, message: 'Billing error', rawBody: '' }],
      deps: { release: (id) => (released.push(id), confirmedWrite(never(), 20)) },
    });
    const [result] = await h.run([sale('a')]);
    expect(result?.state).toEqual({ kind: 'failed', status: 402, message: 'Billing error', rawBody: '' });
    expect(released).toEqual(['a']);
    expect(h.recorded).toEqual([]);
  }, 20_000);
});
