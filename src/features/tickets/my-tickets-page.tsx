import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormError } from '@/components/ui/form-error';
import { PageLoading } from '@/components/ui/spinner';
import { Toast, useToast } from '@/components/ui/toast';
import type { Ticket } from '@/data/ticket';
import { TICKETS_CHANGED_EVENT } from '@/domain/notifications/notifications';
import { prefilledTicket } from '@/domain/tickets/support-request';
import { isUnreadOpen, myTicketsUnreadText, replyProblem, sortTicketsNewestFirst, TICKET_MESSAGE_MAX, TICKET_MESSAGES, ticketLabel } from '@/domain/tickets/tickets';
import { italianError } from '@/lib/firebase-errors';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { markTicketRead, replyToTicket, shopTicketsQuery, TicketNotFoundError } from './api';
import { TicketCreateModal } from './components/ticket-create-modal';
import { TicketLogList } from './components/ticket-modals';
import { StatusBadge } from './components/status-badge';
import './tickets.css';

type View = 'aperti' | 'chiusi' | 'tutti';

/**
 * /my-tickets for shop owners (document 1 §2; its content is ours to design): the shop's tickets, live
 * (a reply from support shows at once), open ones first in view; an update not yet seen is marked 'Nuovo
 * aggiornamento' and counted exactly as the bell counts (unread and not finished); opening a ticket's history
 * marks it read, and the bell counts again at once. 'Nuovo ticket' opens one for the own shop.
 */
export default function MyTicketsPage() {
  const shopId = useSession((s) => s.activeShopId ?? s.uid) ?? '';
  const shopName = useSession((s) => s.profile?.displayName);
  const tickets = useLiveQuery(useMemo(() => (shopId ? shopTicketsQuery(shopId) : null), [shopId]), `my-tickets|${shopId}`);
  const [view, setView] = useState<View>('aperti');
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  // A request prepared elsewhere (an expired subscription, a missing pack) opens 'Nuovo ticket' filled in, once.
  const [search, setSearch] = useSearchParams();
  const [prefill, setPrefill] = useState(() => prefilledTicket(search));
  const [creating, setCreating] = useState(prefill !== undefined);
  useEffect(() => {
    if (search.has('richiesta')) setSearch({}, { replace: true });
  }, [search, setSearch]);
  const { toast, show, dismiss } = useToast();

  const all = useMemo(() => (tickets.status === 'ready' ? sortTicketsNewestFirst(tickets.data) : []), [tickets]);
  const unreadOpen = all.filter(isUnreadOpen).length;
  const open = all.filter((t) => t.status === 'in corso');
  const closed = all.filter((t) => t.status !== 'in corso');
  const shown = view === 'aperti' ? open : view === 'chiusi' ? closed : all;

  // The bell counts the same tickets: when the live list's count changes (a reply arrived, one was read), it
  // counts again at once.
  const lastCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (tickets.status !== 'ready') return;
    if (lastCount.current !== undefined && lastCount.current !== unreadOpen) window.dispatchEvent(new Event(TICKETS_CHANGED_EVENT));
    lastCount.current = unreadOpen;
  }, [tickets.status, unreadOpen]);

  const toggle = (ticket: Ticket) => {
    const opening = openId !== ticket.id;
    setOpenId(opening ? ticket.id : undefined);
    if (opening && !ticket.read) {
      markTicketRead(ticket.id)
        .then(() => {
          // The live list counts the local write at once, but the bell counts on the server: ask it again once the
          // server has the write (else it could count before the write lands and keep that figure until its next poll).
          window.dispatchEvent(new Event(TICKETS_CHANGED_EVENT));
          return logActivity({ action: 'ticket_read', module: 'tickets', details: { ticketId: ticket.id } });
        })
        .catch((error: unknown) => console.warn('Ticket non segnato come letto', error));
    }
  };

  return (
    <section className="page my-tickets">
      <div className="tickets__header">
        <h1>I miei ticket</h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          Nuovo ticket
        </button>
      </div>
      <p className="muted">Le richieste di assistenza del tuo negozio: lo stato e le risposte dell'assistenza si aggiornano da sole.</p>
      {tickets.status === 'ready' ? (
        <p role="status" data-testid="my-tickets-unread">
          {myTicketsUnreadText(all)}
        </p>
      ) : null}

      <div className="filters" role="group" aria-label="Mostra">
        {(
          [
            ['aperti', `In corso (${String(open.length)})`],
            ['chiusi', `Chiusi (${String(closed.length)})`],
            ['tutti', `Tutti (${String(all.length)})`],
          ] as const
        ).map(([id, label]) => (
          <button key={id} type="button" className={view === id ? 'button button--primary' : 'button'} aria-pressed={view === id} onClick={() => setView(id)}>
            {label}
          </button>
        ))}
      </div>

      {tickets.status === 'loading' ? <PageLoading /> : null}
      {tickets.status === 'error' ? (
        <p className="banner banner--error" role="alert">
          Errore nel caricamento dei ticket: {tickets.error}
        </p>
      ) : null}
      {tickets.status === 'ready' && shown.length === 0 ? (
        <p className="muted">{all.length === 0 ? 'Non hai ancora aperto ticket. Usa "Nuovo ticket" per chiedere aiuto all\'assistenza.' : 'Nessun ticket in questa vista.'}</p>
      ) : null}
      <ul className="my-tickets__list">
        {shown.map((t) => (
          <li key={t.id} className={`card my-ticket${t.read ? '' : ' my-ticket--unread'}`} data-testid={`my-ticket-${t.id}`}>
            <div className="my-ticket__head">
              <div className="my-ticket__meta">
                <StatusBadge status={t.status} />
                {!t.read ? <span className="badge badge--new">Nuovo aggiornamento</span> : null}
                <span className="muted">{t.createdAt ? `Aperto il ${formatDateTime(t.createdAt)}` : ''}</span>
              </div>
              <span className="muted">
                {ticketLabel(t.categorie)} · {ticketLabel(t.type)}
              </span>
            </div>
            <p className="ticket-summary">{t.description}</p>
            {t.lastModified ? <p className="muted">Chiuso il {formatDateTime(t.lastModified)}</p> : null}
            <div>
              <button type="button" className="button" aria-expanded={openId === t.id} aria-controls={`history-${t.id}`} onClick={() => toggle(t)}>
                {openId === t.id ? 'Nascondi conversazione' : `Conversazione (${String(t.logs.length)})`}
              </button>
            </div>
            {openId === t.id ? (
              <div id={`history-${t.id}`}>
                <TicketLogList ticket={t} />
                <ReplyForm ticketId={t.id} actor={{ uid: shopId, label: shopName ?? 'Il negozio' }} onSent={(message) => show(message, 'success')} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      <TicketCreateModal
        open={creating}
        initial={prefill}
        ownShop
        shops={shopId ? [{ id: shopId, label: shopName ?? 'Il tuo negozio' }] : []}
        onClose={() => {
          setCreating(false);
          setPrefill(undefined);
        }}
        onCreated={(message) => {
          setCreating(false);
          setPrefill(undefined);
          setView('aperti');
          show(message, 'success');
        }}
      />
      <Toast toast={toast} onDismiss={dismiss} />
    </section>
  );
}

/** The shop's reply under the conversation: support sees it marked 'Risposta del negozio' on /ticket. */
function ReplyForm({ ticketId, actor, onSent }: { ticketId: string; actor: { uid: string; label: string }; onSent: (message: string) => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = replyProblem(message);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await replyToTicket(ticketId, message, actor);
      setMessage('');
      onSent(TICKET_MESSAGES.replySent);
      void logActivity({ action: 'ticket_replied', module: 'tickets', details: { ticketId } });
    } catch (failure) {
      setError(failure instanceof TicketNotFoundError ? TICKET_MESSAGES.notFound : TICKET_MESSAGES.replyError(italianError(failure)));
    } finally {
      setBusy(false);
    }
  };
  const fieldId = `reply-${ticketId}`;
  return (
    <form className="my-ticket__reply" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>La tua risposta all'assistenza</label>
      <textarea id={fieldId} rows={3} maxLength={TICKET_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} aria-describedby={error ? `${fieldId}-error` : undefined} />
      <FormError message={error} id={`${fieldId}-error`} />
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Invio…' : 'Invia risposta'}
        </button>
      </div>
    </form>
  );
}
