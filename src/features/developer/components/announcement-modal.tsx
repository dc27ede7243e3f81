import { useEffect, useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { ANNOUNCEMENT_CLOSE_MS, ANNOUNCEMENT_EMPTY, parseExpiry } from '@/domain/developer/forms';
import { logActivity } from '@/stores/activity-log';
import { createAnnouncement } from '../api';

export const ANNOUNCEMENT_CREATED = 'Annuncio creato con successo.';
const ANNOUNCEMENT_FAILED = "Errore durante la creazione dell'annuncio";

/**
 * 'Crea Annuncio' (document 3 §2.6, §4, §5): description required and trimmed, optional expiry (an invalid date
 * is ignored); the modal closes 600 ms after success. Every signed-in user's bell shows it.
 */
export function AnnouncementModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    clearTimeout(timer.current);
    setDescription('');
    setExpiry('');
    setError(undefined);
    setDone(false);
    onClose();
  };

  const submit = async () => {
    const text = description.trim();
    setError(undefined);
    if (text === '') {
      setError(ANNOUNCEMENT_EMPTY);
      return;
    }
    setBusy(true);
    try {
      const expiresAt = parseExpiry(expiry);
      const id = await createAnnouncement(text, expiresAt);
      logActivity({ action: 'announcement_created', module: 'developer', details: { announcementId: id, description: text, expiresAt } });
      setDone(true);
      timer.current = setTimeout(close, ANNOUNCEMENT_CLOSE_MS);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : ANNOUNCEMENT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Nuovo annuncio"
      onClose={close}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Annulla
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy || done}>
            {busy ? 'Pubblicazione…' : 'Pubblica annuncio'}
          </button>
        </>
      }
    >
      <form
        className="dev-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          Descrizione
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} required data-autofocus />
        </label>
        <label className="field">
          Scadenza (facoltativa)
          <input type="datetime-local" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {done ? (
          <p className="dev-success" role="status">
            {ANNOUNCEMENT_CREATED}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
