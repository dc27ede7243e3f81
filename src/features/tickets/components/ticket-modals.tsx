import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import type { Ticket } from '@/data/ticket';
import { describeChanges, TICKET_MESSAGES, TICKET_STATUS_OPTIONS, TICKET_TYPES, ticketLabel } from '@/domain/tickets/tickets';
import { formatDateTime } from '@/lib/format';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { saveTicketChanges, TicketNotFoundError } from '../api';

interface ActionsProps {
  ticket: Ticket | undefined;
  actor: { uid: string; label: string };
  /** Who has worked on it, as labels. */
  userLabel: (uid: string) => string;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * 'Gestisci ticket' (document 3 §4): status and type; saving appends one log entry, adds the acting user to taken,
 * resets read; lastModified only on completato/annullato; no change just closes.
 */
export function TicketActionsModal({ ticket, actor, userLabel, onClose, onSaved }: ActionsProps) {
  return (
    <Modal open={ticket !== undefined} title="Gestisci ticket" onClose={onClose}>
      {ticket ? <ActionsForm key={ticket.id} ticket={ticket} actor={actor} userLabel={userLabel} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function ActionsForm({ ticket, actor, userLabel, onClose, onSaved }: ActionsProps & { ticket: Ticket }) {
  const [status, setStatus] = useState<string>(ticket.status);
  const [type, setType] = useState(ticket.type);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const types = (TICKET_TYPES as readonly string[]).includes(ticket.type) ? TICKET_TYPES : [...TICKET_TYPES, ticket.type];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const update = await saveTicketChanges(ticket.id, { status, type }, actor);
      if (!update) {
        onClose();
        return;
      }
      logActivity({ action: 'ticket_updated', module: 'tickets', details: { ticketId: ticket.id, shopId: ticket.userId, changes: update.log.changes } });
      onSaved('Modifiche salvate.');
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

/** The ticket's history: one entry per save, newest last (as stored). */
export function TicketLogList({ ticket, userLabel }: { ticket: Ticket; userLabel?: (uid: string) => string }) {
  if (ticket.logs.length === 0) return <p className="muted">Nessuna modifica registrata.</p>;
  return (
    <ol className="ticket-log" aria-label="Storico modifiche">
      {ticket.logs.map((entry, index) => (
        <li key={`${String(index)}-${entry.userId}`} className="ticket-log__entry">
          <span className="muted">{entry.timestamp ? formatDateTime(entry.timestamp) : 'Data non disponibile'}</span>{' '}
          <strong>{entry.userLabel ?? userLabel?.(entry.userId) ?? entry.userId}</strong>
          <ul>
            {describeChanges(entry.changes).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function TicketLogModal({ ticket, userLabel, onClose }: { ticket: Ticket | undefined; userLabel: (uid: string) => string; onClose: () => void }) {
  return (
    <Modal open={ticket !== undefined} title="Storico del ticket" onClose={onClose}>
      {ticket ? <TicketLogList ticket={ticket} userLabel={userLabel} /> : null}
    </Modal>
  );
}
