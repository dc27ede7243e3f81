import { Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Toast, useToast } from '@/components/ui/toast';
import { EMPTY_LIST_TEXT, INVOICE_LIST_TYPES, PAYMENT_FILTERS, SKELETON_ROWS, type InvoiceListType, type InvoiceSortKey, type PaymentFilter } from '@/domain/invoices/invoice-list';
import { useSession } from '@/stores/session';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Sale } from '@/data/sale';
import { italianError } from '@/lib/firebase-errors';
import { mergeDrafts } from './api';
import { draftRow, type CustomerDirectory } from '@/domain/invoices/invoice-list';
import { draftsTotal, type DraftGroup } from '@/domain/invoices/draft-groups';
import { formatEuro } from '@/domain/money';
import { DeletedList } from './components/deleted-list';
import { COPY_TEXTS, SendStatus } from './components/send-status';
import { SEND_TEXTS, SHOP_TEXTS } from './send/send-texts';
import { useLeftoverSends } from './send/use-leftover-sends';
import { useSendDrafts } from './send/use-send-drafts';
import type { SendResult } from './send/send-drafts';
import { DraftsList } from './components/drafts-list';
import { IncomingList } from './components/incoming-list';
import { OutgoingList } from './components/outgoing-list';
import { PdfPreviewModal } from './components/pdf-preview-modal';
import { useCustomerDirectory, useDraftSales, useInvoices } from './hooks/use-invoice-list';
import './invoices.css';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { lazyPart } from '@/lib/lazy-part';

// The draft editor (its form, checks and customer picker) loads when a draft is opened, not with the list.
const DraftEditModal = lazyPart(() => import('./components/draft-edit-modal').then((m) => ({ default: m.DraftEditModal })));

function listType(value: string | null): InvoiceListType {
  return INVOICE_LIST_TYPES.some((t) => t.key === value) ? (value as InvoiceListType) : 'incoming';
}

/** 'Gestione Fatture' (document 2 §2.2): incoming, outgoing, drafts, trash. The list is in the URL (?tipo=). */
export default function InvoicesPage() {
  const shopId = useSession((s) => s.activeShopId);
  const uid = useSession((s) => s.uid);
  const [params, setParams] = useSearchParams();
  const type = listType(params.get('tipo'));
  const [search, setSearch] = useState('');
  const [payment, setPayment] = useState<PaymentFilter>('unpaid');
  const [showPaid, setShowPaid] = useState(false);
  const [sort, setSort] = useState<{ key: InvoiceSortKey; direction: 'asc' | 'desc' }>({ key: 'createdAt', direction: 'desc' });
  const [pdf, setPdf] = useState<{ payload: string; incoming: boolean } | undefined>();
  const [editing, setEditing] = useState<Sale | undefined>();
  const [merging, setMerging] = useState<DraftGroup<Sale> | undefined>();
  const [toSend, setToSend] = useState<{ drafts: Sale[]; separately: boolean } | undefined>();
  const sending = useSendDrafts();
  const { toast, show, dismiss } = useToast();
  const awaitingRecord = useLeftoverSends(shopId, show);
  // The send module arrives with the first preview, as with the first send (use-send-drafts.ts).
  const preview = useCallback((draft: Sale) => import('./send/send-app').then((m) => m.previewDraft(shopId ?? '', draft)), [shopId]);

  const invoices = useInvoices(shopId, type === 'incoming' || type === 'outgoing' ? type : null);
  const sales = useDraftSales(shopId, type === 'drafts' || type === 'deleted' ? type : null);
  const directory = useCustomerDirectory(shopId, type === 'drafts' || type === 'deleted');
  const current = type === 'incoming' || type === 'outgoing' ? invoices : sales;

  if (!shopId) return <p className="form-error">{SHOP_TEXTS.notFound}</p>;
  const notify = (text: string, kind: 'success' | 'error') => show(text, kind);
  const report = (results: SendResult[]) => {
    const sent = results.flatMap((r) => (r.state.kind === 'sent' ? [r.state.number] : []));
    const failed = results.filter((r) => r.state.kind !== 'sent');
    if (failed.length === 0) show(sent.length === 1 ? SEND_TEXTS.sent(sent[0] ?? '') : `Fatture inviate: ${sent.join(', ')}`, 'success');
    else {
      const first = failed[0]?.state;
      const reason = first?.kind === 'failed' ? first.message : 'controlla i dati indicati nella bozza';
      show(SEND_TEXTS.failed(sent.length > 0 ? `${reason} (inviate: ${sent.join(', ')})` : reason), 'error');
    }
  };
  const send = (drafts: Sale[]) => {
    if (!uid) {
      show(SEND_TEXTS.noUser, 'error');
      return;
    }
    // A draft accepted by the SdI whose record is pending is never sent again.
    const sendable = drafts.filter((d) => !awaitingRecord.has(d.id));
    if (sendable.length > 0) void sending.send(shopId, sendable).then(report);
  };
  const sendOneByOne = async (drafts: Sale[]) => {
    if (!uid) {
      show(SEND_TEXTS.noUser, 'error');
      return;
    }
    for (const draft of drafts.filter((d) => !awaitingRecord.has(d.id))) report(await sending.send(shopId, [draft]));
  };
  const openDraftPdf = async (draft: Sale) => {
    try {
      const built = await preview(draft);
      if (built.kind === 'xml') setPdf({ payload: built.xml, incoming: false });
      else show(`La bozza non può ancora essere inviata: ${built.problems.map((p) => p.message).join(' ')}`, 'error');
    } catch (error) {
      show(`Anteprima non disponibile: ${italianError(error)}`, 'error');
    }
  };
  const onSort = (key: InvoiceSortKey) => setSort((s) => (s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: key === 'number' ? 'asc' : 'desc' }));

  let list: React.ReactNode = null;
  if (type === 'incoming' && invoices.status === 'ready') list = <IncomingList shopId={shopId} invoices={invoices.data} search={search} payment={payment} notify={notify} onPdf={(payload) => setPdf({ payload, incoming: true })} />;
  if (type === 'outgoing' && invoices.status === 'ready') list = <OutgoingList shopId={shopId} invoices={invoices.data} search={search} showPaid={showPaid} sort={sort} onSort={onSort} onPdf={(payload) => setPdf({ payload, incoming: false })} notify={notify} />;
  if (type === 'drafts' && sales.status === 'ready') {
    list = (
      <DraftsList
        drafts={sales.data}
        directory={directory}
        search={search}
        notify={notify}
        preview={preview}
        draftActions={(draft) => (
          <>
            {awaitingRecord.has(draft.id) ? (
              <span className="badge badge--warning">Accettata dallo SdI: registrazione in sospeso</span>
            ) : (
              <button type="button" className="button button--primary" disabled={sending.isSending(draft.id)} onClick={() => setToSend({ drafts: [draft], separately: false })} aria-label={`Invia ${draft.invoiceNumber ?? ''}`}>Invia</button>
            )}
            <button type="button" className="button" onClick={() => setEditing(draft)} aria-label={`Modifica Bozza ${draft.invoiceNumber ?? ''}`}>Modifica Bozza</button>
            <button type="button" className="button" onClick={() => void openDraftPdf(draft)} aria-label={`PDF della bozza ${draft.invoiceNumber ?? ''}`}>PDF</button>
            <SendStatus state={sending.states[draft.id]} onRetry={() => send([draft])} onCopied={(result) => show(COPY_TEXTS[result], result === 'copied' ? 'success' : 'error')} />
          </>
        )}
        groupActions={(group) => {
          const drafts = group.drafts;
          const busy = drafts.some((d) => sending.isSending(d.id));
          return (
            <>
              <button type="button" className="button button--primary" disabled={busy} onClick={() => setToSend({ drafts, separately: false })}>{drafts.length > 1 ? `Invia tutte (${drafts.length})` : 'Invia'}</button>
              {drafts.length > 1 ? <button type="button" className="button" disabled={busy} onClick={() => setToSend({ drafts, separately: true })}>Invia Separatamente</button> : null}
              {/* Only what may be merged: two or more ordinary invoices of this one customer, never a credit note. */}
              {group.mergeable.length > 1 ? <button type="button" className="button" disabled={busy} onClick={() => setMerging(group)}>Unisci Fatture</button> : null}
            </>
          );
        }}
      />
    );
  }
  if (type === 'deleted' && sales.status === 'ready') list = <DeletedList drafts={sales.data} directory={directory} search={search} notify={notify} />;

  return (
    <section className="page invoices-page">
      <h1>Gestione Fatture</h1>
      <nav className="tabs" aria-label="Tipo di fatture">
        {INVOICE_LIST_TYPES.map((t) => (
          <a key={t.key} href={`?tipo=${t.key}`} className={t.key === type ? 'tab tab--active' : 'tab'} aria-current={t.key === type ? 'page' : undefined}
            onClick={(e) => { e.preventDefault(); setParams({ tipo: t.key }); }}>
            {t.label}
          </a>
        ))}
      </nav>
      <div className="filters" role="search">
        <label>
          Cerca
          <input type="search" placeholder="Cerca per mittente/destinatario" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {type === 'incoming' ? (
          <label>
            Pagamento
            <select value={payment} onChange={(e) => setPayment(e.target.value as PaymentFilter)}>
              {PAYMENT_FILTERS.map((f) => <option key={f.key} value={f.key}>{f.label}</option>)}
            </select>
          </label>
        ) : null}
        {type === 'outgoing' ? (
          <label className="checkbox">
            <input type="checkbox" checked={showPaid} onChange={(e) => setShowPaid(e.target.checked)} />
            Mostra fatture pagate
          </label>
        ) : null}
      </div>

      {current.status === 'error' ? <p className="form-error" role="alert">Impossibile caricare le fatture: {current.error}</p> : null}
      {current.status === 'loading' ? (
        <SkeletonList label="Caricamento fatture" rows={SKELETON_ROWS} />
      ) : null}
      <div data-testid="invoice-list">{list}</div>
      {current.status === 'ready' ? <EmptyHint /> : null}

      {editing !== undefined ? (
        <Suspense fallback={null}>
          <DraftEditModal draft={editing} customers={[...directory.values()]} onClose={() => setEditing(undefined)} onSaved={(m) => show(m, 'success')} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={merging !== undefined}
        title="Unisci Fatture"
        message={merging ? mergeMessage(merging) : ''}
        confirmLabel="Unisci"
        onCancel={() => setMerging(undefined)}
        onConfirm={() => {
          const group = merging;
          setMerging(undefined);
          if (group) mergeDrafts(group.mergeable, directory).then(() => show(`${group.mergeable.length} bozze unite in una.`, 'success'), (e: unknown) => show(`Errore durante l'unione: ${italianError(e)}`, 'error'));
        }}
      />
      <ConfirmDialog
        open={toSend !== undefined}
        title="Invia allo SdI"
        message={toSend ? sendMessage(toSend.drafts, toSend.separately, directory) : ''}
        confirmLabel="Invia allo SdI"
        onCancel={() => setToSend(undefined)}
        onConfirm={() => {
          const request = toSend;
          setToSend(undefined);
          if (!request) return;
          if (request.separately) void sendOneByOne(request.drafts);
          else send(request.drafts);
        }}
      />
      <PdfPreviewModal payload={pdf?.payload} incoming={pdf?.incoming ?? false} onClose={() => setPdf(undefined)} />
      <Toast toast={toast} onDismiss={dismiss} />
    </section>
  );
}

function mergeMessage(group: DraftGroup<Sale>): string {
  const left = group.drafts.length - group.mergeable.length;
  const kept = left === 0 ? '' : left === 1 ? ' La bozza che non si unisce (nota di credito o fattura differita) resta a parte.' : ` Le ${left} bozze che non si uniscono (note di credito o fatture differite) restano a parte.`;
  return `Le ${group.mergeable.length} fatture in bozza di ${group.buyer} diventeranno una sola: la più recente riceve tutte le righe, le altre vengono raggruppate in essa.${kept}`;
}

/** What 'Invia' will do, said before it is done: a document sent to the SdI can no longer be changed. */
function sendMessage(drafts: readonly Sale[], separately: boolean, directory: CustomerDirectory): string {
  const total = draftsTotal(drafts);
  const buyers = [...new Set(drafts.map((d) => draftRow(d, directory).counterpart))].join(', ');
  const after = "Dopo l'invio il documento non si può più modificare: per correggerlo servirà una nota di credito.";
  if (drafts.length === 1) {
    const d = drafts[0];
    return `La bozza ${d?.invoiceNumber ?? ''} di ${buyers} (${formatEuro(total)}) sarà inviata al Sistema di Interscambio (SdI). ${after}`;
  }
  return `Le ${drafts.length} bozze di ${buyers} (totale ${formatEuro(total)}) saranno inviate al Sistema di Interscambio (SdI)${separately ? ', una alla volta' : ''}. ${after}`;
}

/** 'Nessuna fattura trovata.' when the list rendered no row (CSS shows it only then). */
function EmptyHint() {
  return <p className="muted invoices-empty">{EMPTY_LIST_TEXT}</p>;
}
