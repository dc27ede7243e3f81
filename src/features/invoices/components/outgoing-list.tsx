import { Fragment, Suspense, useMemo, useState } from 'react';
import type { Invoice } from '@/data/invoice';
import { COLUMN, COLUMNS, groupOutgoing, matchesInvoiceSearch, sortRows, type InvoiceRow, type InvoiceSortKey } from '@/domain/invoices/invoice-list';
import { italianError } from '@/lib/firebase-errors';
import { TRANSITION_MESSAGES } from '@/data/invoice-transitions';
import { paidVerdict, revertVerdict } from '@/domain/invoices/invoice-actions';
import { resendPolicy, stateOfInvoice } from '@/domain/sdi-lifecycle/lifecycle';
import { deadlineText, resendDeadline, urgencyOf } from '@/domain/sdi-lifecycle/deadlines';
import { formatDate } from '@/lib/format';
import { canCreditNote, createInvoiceCreditNote, latestRejection, markInvoiceBuyerTold, markInvoicePaid, revertInvoice } from '../api';
import { InvoiceRowView } from './invoice-row';
import { InvoicesTable } from './invoices-table';
import { lazyPart } from '@/lib/lazy-part';

// What an opened row shows below the invoice (the SDI's reasons in the shop's words, the receipts) loads when a row
// is opened: the list itself does not need the error table nor the receipts' reads.
const RejectionDetails = lazyPart(() => import('./rejection-details').then((m) => ({ default: m.RejectionDetails })));
const SdiReceipts = lazyPart(() => import('./sdi-receipts').then((m) => ({ default: m.SdiReceipts })));

interface OutgoingListProps {
  shopId: string;
  invoices: readonly Invoice[];
  search: string;
  showPaid: boolean;
  sort: { key: InvoiceSortKey; direction: 'asc' | 'desc' };
  onSort: (key: InvoiceSortKey) => void;
  onPdf: (payload: string) => void;
  notify: (text: string, kind: 'success' | 'error') => void;
}

/** 'In Uscita': grouped by base number, the latest version shown, 'Storico versioni (N)' (document 2 §2.2). */
export function OutgoingList({ shopId, invoices, search, showPaid, sort, onSort, onPdf, notify }: OutgoingListProps) {
  const [busy, setBusy] = useState<string | null>(null);
  async function transition(invoice: Invoice, row: InvoiceRow, kind: 'revert' | 'resend' | 'credit' | 'paid' | 'told') {
    setBusy(invoice.id);
    const subject = { id: invoice.id, number: row.number, counterpart: row.counterpart };
    try {
      if (kind === 'revert') notify(`Fattura riportata in bozza con il numero ${await revertInvoice(shopId, invoice, subject)}.`, 'success');
      else if (kind === 'resend') {
        // Inside the 5 days after the NS the correction keeps number and date; after them it takes a new number.
        const policy = resendPolicy(invoice.markingNotifiedAt ?? new Date(), new Date());
        // A number the SDI refused as a duplicate (00404) cannot be kept, whatever the window.
        const duplicate = (await latestRejection(shopId, invoice.id))?.details.errors.some((e) => e.code.replace(/^0+/, '') === '404') ?? false;
        const keep = policy.keepNumberAndDate && !duplicate;
        const number = await revertInvoice(shopId, invoice, subject, { keepNumber: keep });
        const said = keep ? policy.message : duplicate ? 'Lo SDI ha scartato il numero perché già usato: la fattura corretta avrà un nuovo numero.' : policy.message;
        notify(`${said} La bozza ${number} è nella sezione Bozze: correggila e inviala.`, 'success');
      } else if (kind === 'told') {
        await markInvoiceBuyerTold(subject);
        notify('Segnato: il cliente è stato avvisato che la fattura è nel suo cassetto fiscale.', 'success');
      } else if (kind === 'paid') {
        await markInvoicePaid(subject);
        notify('Fattura segnata come pagata.', 'success');
      } else {
        await createInvoiceCreditNote(shopId, invoice, subject);
        notify(TRANSITION_MESSAGES.creditNoteCreated, 'success');
      }
    } catch (error) {
      notify(italianError(error), 'error');
    } finally {
      setBusy(null);
    }
  }
  const [openHistory, setOpenHistory] = useState<Set<string>>(new Set());
  const byId = useMemo(() => new Map(invoices.map((i) => [i.id, i])), [invoices]);
  const groups = useMemo(() => {
    const all = groupOutgoing(invoices).filter((g) => matchesInvoiceSearch(g.latest, search) && (showPaid || g.latest.marking !== 'paid'));
    const order = sortRows(all.map((g) => g.latest), sort.key, sort.direction).map((r) => r.id);
    return order.map((id) => all.find((g) => g.latest.id === id)).filter((g) => g !== undefined);
  }, [invoices, search, showPaid, sort]);

  if (groups.length === 0) return null;
  const sortHeader = (key: InvoiceSortKey, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(key)}>
        {label}
        <span aria-hidden="true">{sort.key === key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
  const columns = COLUMNS.outgoing.length;
  return (
    <InvoicesTable
      testId="invoices-table"
      columns={
        <>
          {sortHeader('createdAt', COLUMN.createdAt)}
          {sortHeader('number', COLUMN.number)}
          {COLUMNS.outgoing.slice(2).map((c) => <th key={c} scope="col">{c}</th>)}
        </>
      }
    >
      {groups.map((group) => {
        const invoice = byId.get(group.latest.id);
        if (!invoice) return null;
        const historyOpen = openHistory.has(group.base);
        // What the rules allow on this invoice, and why the rest is not offered (src/domain/invoices/invoice-actions.ts).
        const revert = revertVerdict(invoice);
        const paid = paidVerdict(invoice);
        const state = stateOfInvoice({ draft: false, markingRaw: invoice.markingRaw, reverted: invoice.reverted });
        const resend = state === 'scartata' && invoice.markingNotifiedAt ? resendDeadline(invoice.markingNotifiedAt) : undefined;
        const now = new Date();
        const status = resend
          ? { text: `Da reinviare: ${deadlineText(resend, now)}`, urgency: urgencyOf(resend, now) }
          : state === 'mancata-consegna'
            ? invoice.buyerToldAt
              ? { text: `Cliente avvisato il ${formatDate(invoice.buyerToldAt)}`, urgency: 'ok' as const }
              : { text: 'Avvisa il cliente: la fattura è nel suo cassetto fiscale', urgency: 'soon' as const }
            : undefined;
        const why = [revert.ok ? undefined : revert.reason, paid && !paid.ok ? paid.reason : undefined].filter((r) => r !== undefined);
        const toggle = () => setOpenHistory((s) => { const n = new Set(s); if (n.has(group.base)) n.delete(group.base); else n.add(group.base); return n; });
        return (
          <Fragment key={group.base}>
            <InvoiceRowView
              row={group.latest}
              list="outgoing"
              payload={invoice.payload}
              columns={columns}
              status={status}
              below={
                <Suspense fallback={<p className="muted">Caricamento dettagli SDI…</p>}>
                  {invoice.marking === 'rejected' ? <RejectionDetails shopId={shopId} invoiceId={invoice.id} onResend={revert.ok ? () => void transition(invoice, group.latest, 'resend') : undefined} /> : null}
                  <SdiReceipts shopId={shopId} invoiceId={invoice.id} />
                </Suspense>
              }
              actions={
                <>
                  <button type="button" className="button" onClick={() => onPdf(invoice.payload)}>PDF</button>
                  {revert.ok && state === 'scartata' ? (
                    <button type="button" className="button button--primary" disabled={busy === invoice.id} onClick={() => void transition(invoice, group.latest, 'resend')}>Correggi e reinvia</button>
                  ) : revert.ok ? (
                    <button type="button" className="button" disabled={busy === invoice.id} onClick={() => void transition(invoice, group.latest, 'revert')}>Riporta in bozza</button>
                  ) : null}
                  {state === 'mancata-consegna' && !invoice.buyerToldAt ? (
                    <button type="button" className="button" disabled={busy === invoice.id} onClick={() => void transition(invoice, group.latest, 'told')}>Cliente avvisato</button>
                  ) : null}
                  {canCreditNote(invoice) ? (
                    <button type="button" className="button" disabled={busy === invoice.id} onClick={() => void transition(invoice, group.latest, 'credit')}>Crea Nota di Credito</button>
                  ) : null}
                  {paid?.ok ? (
                    <button type="button" className="button" disabled={busy === invoice.id} onClick={() => void transition(invoice, group.latest, 'paid')}>Segna come pagata</button>
                  ) : null}
                  {group.history.length > 0 ? (
                    <button type="button" className="button button--ghost" aria-expanded={historyOpen} onClick={toggle}>
                      Storico versioni ({group.history.length})
                    </button>
                  ) : null}
                  {why.map((reason) => <small key={reason} className="row-actions__why" data-testid="action-why">{reason}</small>)}
                </>
              }
            />
            {historyOpen
              ? group.history.map(({ row, tag }) => {
                  const old = byId.get(row.id);
                  return (
                    <InvoiceRowView key={row.id} row={row} list="outgoing" payload={old?.payload} columns={columns} tag={tag}
                      below={
                        <Suspense fallback={<p className="muted">Caricamento dettagli SDI…</p>}>
                          {old?.marking === 'rejected' ? <RejectionDetails shopId={shopId} invoiceId={row.id} /> : null}
                          <SdiReceipts shopId={shopId} invoiceId={row.id} />
                        </Suspense>
                      } />
                  );
                })
              : null}
          </Fragment>
        );
      })}
    </InvoicesTable>
  );
}
