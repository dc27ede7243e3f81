import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { DEFAULT_NEW_TICKET_TYPE, missingTicketFields, TICKET_CATEGORIES, TICKET_MESSAGES, TICKET_TYPES, ticketLabel } from '@/domain/tickets/tickets';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { createTicket, type ShopOption } from '../api';

interface TicketCreateModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (message: string) => void;
  /** The shops offered; a single fixed shop (the owner's) is shown as text. */
  shops: readonly ShopOption[] | undefined;
  shopsError?: string;
  /** The owner writes on their own shop: the ticket starts read for them. */
  ownShop?: boolean;
  /** Category and text already written (a request prepared by the app), still editable. */
  initial?: { categorie: string; description: string } | undefined;
}

/** 'Nuovo ticket' (document 3 §2.5, §5): shop, macro category, type (default 'assistenza base'), description. */
export function TicketCreateModal({ open, onClose, onCreated, shops, shopsError, ownShop = false, initial }: TicketCreateModalProps) {
  return (
    <Modal open={open} title="Nuovo ticket" onClose={onClose} size="wide">
      <TicketCreateForm onClose={onClose} onCreated={onCreated} shops={shops} shopsError={shopsError} ownShop={ownShop} initial={initial} />
    </Modal>
  );
}

function TicketCreateForm({ onClose, onCreated, shops, shopsError, ownShop, initial }: Omit<TicketCreateModalProps, 'open'>) {
  const single = ownShop && shops?.length === 1 ? shops[0] : undefined;
  const [shopId, setShopId] = useState(single?.id ?? '');
  const [categorie, setCategorie] = useState(initial?.categorie ?? '');
  const [type, setType] = useState<string>(DEFAULT_NEW_TICKET_TYPE);
  const [description, setDescription] = useState(initial?.description ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { shopId: single?.id ?? shopId, categorie, type, description };
    const missing = missingTicketFields(input);
    if (missing.length > 0) {
      setError(TICKET_MESSAGES.missing(missing));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const id = await createTicket({ ...input, read: ownShop === true });
      logActivity({ action: 'ticket_created', module: 'tickets', details: { ticketId: id, shopId: input.shopId, categorie, type } });
      onCreated(TICKET_MESSAGES.created);
    } catch (failure) {
      setError(TICKET_MESSAGES.createError(italianError(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="ticket-form">
      <FormError message={error} id="ticket-create-error" />
      {single ? (
        <p>
          Negozio: <strong>{single.label}</strong>
        </p>
      ) : (
        <div className="field">
          <label htmlFor="ticket-shop">Negozio</label>
          <select id="ticket-shop" value={shopId} onChange={(e) => setShopId(e.target.value)} data-autofocus>
            <option value="">{shops === undefined ? 'Caricamento negozi…' : 'Seleziona un negozio'}</option>
            {(shops ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
          {shopsError ? <p className="field-error">{shopsError}</p> : null}
          {shops?.length === 0 ? <p className="field-hint">Nessun negozio disponibile per il tuo account.</p> : null}
        </div>
      )}
      <div className="field">
        <label htmlFor="ticket-category">Macro categoria</label>
        <select id="ticket-category" value={categorie} onChange={(e) => setCategorie(e.target.value)} {...(single ? { 'data-autofocus': true } : {})}>
          <option value="">Seleziona una categoria</option>
          {TICKET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ticketLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ticket-type">Tipo</label>
        <select id="ticket-type" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">Seleziona un tipo</option>
          {TICKET_TYPES.map((t) => (
            <option key={t} value={t}>
              {ticketLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ticket-description">Descrizione</label>
        <textarea id="ticket-description" rows={5} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Annulla
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Invio…' : 'Invia ticket'}
        </button>
      </div>
    </form>
  );
}
