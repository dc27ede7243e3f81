import { useEffect, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import type { Ticket } from '@/data/ticket';
import { describeChanges, replyProblem, TICKET_MESSAGE_MAX, TICKET_MESSAGES, TICKET_STATUS_OPTIONS, TICKET_TYPES, ticketLabel } from '@/domain/tickets/tickets';
import { formatDateTime } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { markTicketStaffRead, saveTicketChanges, TicketNotFoundError } from '../api';

interface ActionsProps {
  ticket: Ticket | undefined;
  actor: { uid: string; label: string };
  /** Who has worked on it, as labels. */
  userLabel: (uid: string) => string;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * 'Gestisci ticket' (document 3 §4): the conversation so far, status, type and a reply to the shop; saving appends
 * one log entry, adds the acting user to taken, resets read; lastModified only on completato/annullato; no change
 * and no reply just closes.
 */
export function TicketActionsModal({ ticket, actor, userLabel, onClose, onSaved }: ActionsProps) {
  useStaffSeen(ticket);
  return (
    <Modal open={ticket !== undefined} title="Gestisci ticket" onClose={onClose}>
      {ticket ? <ActionsForm key={ticket.id} ticket={ticket} actor={actor} userLabel={userLabel} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function ActionsForm({ ticket, actor, userLabel, onClose, onSaved }: ActionsProps & { ticket: Ticket }) {
  const [status, setStatus] = useState<string>(ticket.status);
  const [type, setType] = useState(ticket.type);
  const [message, setMessage] = useState('');
  // Opened on the shop's unread words, the conversation stays open while the ticket is marked read under it.
  const [unreadAtOpen] = useState(!ticket.staffRead);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const types = (TICKET_TYPES as readonly string[]).includes(ticket.type) ? TICKET_TYPES : [...TICKET_TYPES, ticket.type];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() && replyProblem(message)) {
      setError(replyProblem(message));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const update = await saveTicketChanges(ticket.id, { status, type, message }, actor);
      if (!update) {
        onClose();
        return;
      }
      logActivity({ action: 'ticket_updated', module: 'tickets', details: { ticketId: ticket.id, shopId: ticket.userId, changes: update.log.changes, replied: update.log.message !== undefined } });
      onSaved(update.log.message !== undefined && !update.log.changes.status && !update.log.changes.type ? TICKET_MESSAGES.replySent : 'Modifiche salvate.');
    } catch (failure) {
      if (failure instanceof TicketNotFoundError) setError(TICKET_MESSAGES.notFound);
      else if (status !== ticket.status) setError(TICKET_MESSAGES.statusError(italianError(failure)));
      else setError(TICKET_MESSAGES.saveError(italianError(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p className="ticket-summary">{ticket.description}</p>
      {ticket.logs.length > 0 ? (
        <details className="ticket-conversation" open={unreadAtOpen}>
          <summary>Conversazione e storico ({ticket.logs.length})</summary>
          <TicketLogList ticket={ticket} userLabel={userLabel} />
        </details>
      ) : null}
      <FormError message={error} id="ticket-actions-error" />
      <div className="field">
        <label htmlFor="ticket-status">Stato</label>
        <select id="ticket-status" value={status} onChange={(e) => setStatus(e.target.value)} data-autofocus>
          {TICKET_STATUS_OPTIONS.map((s) => (
            <option key={s} value={s}>
              {ticketLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ticket-edit-type">Tipo</label>
        <select id="ticket-edit-type" value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((t) => (
            <option key={t} value={t}>
              {ticketLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ticket-reply">Risposta al negozio (facoltativa)</label>
        <textarea id="ticket-reply" rows={3} maxLength={TICKET_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="Il negozio la legge in 'I miei ticket' e la campanella lo avvisa." />
      </div>
      <p className="muted" data-testid="ticket-taken">
        Preso in carico da: {ticket.taken.length > 0 ? ticket.taken.map(userLabel).join(', ') : 'nessuno'}
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Annulla
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Salvataggio…' : 'Salva'}
        </button>
      </div>
    </form>
  );
}

/**
 * The ticket's conversation and history: one entry per save or reply, oldest first (as stored), each with its author
 * and time; the shop's entries are told apart from support's.
 */
export function TicketLogList({ ticket, userLabel }: { ticket: Ticket; userLabel?: (uid: string) => string }) {
  if (ticket.logs.length === 0) return <p className="muted">Nessuna modifica registrata.</p>;
  return (
    <ol className="ticket-log" aria-label="Conversazione e storico">
      {ticket.logs.map((entry, index) => {
        const fromShop = entry.userId === ticket.userId;
        const changes = describeChanges(entry.changes);
        return (
          <li key={`${String(index)}-${entry.userId}`} className={fromShop ? 'ticket-log__entry ticket-log__entry--shop' : 'ticket-log__entry'}>
            <span className="muted">{entry.timestamp ? formatDateTime(entry.timestamp) : 'Data non disponibile'}</span>{' '}
            <strong>{entry.userLabel ?? userLabel?.(entry.userId) ?? entry.userId}</strong>
            <span className="muted">{fromShop ? ' · negozio' : ' · assistenza'}</span>
            {entry.message ? <p className="ticket-log__message">{entry.message}</p> : null}
            {changes.length > 0 ? (
              <ul>
                {changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Opening a ticket whose last word is the shop's tells support it is read ('Risposta del negozio' goes). */
function useStaffSeen(ticket: Ticket | undefined) {
  const id = ticket && !ticket.staffRead ? ticket.id : undefined;
  useEffect(() => {
    if (id) markTicketStaffRead(id).catch((error: unknown) => console.warn('Ticket non segnato come letto', error));
  }, [id]);
}

export function TicketLogModal({ ticket, userLabel, onClose }: { ticket: Ticket | undefined; userLabel: (uid: string) => string; onClose: () => void }) {
  useStaffSeen(ticket);
  return (
    <Modal open={ticket !== undefined} title="Storico del ticket" onClose={onClose}>
      {ticket ? <TicketLogList ticket={ticket} userLabel={userLabel} /> : null}
    </Modal>
  );
}
