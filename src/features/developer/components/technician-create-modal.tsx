import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { TECH_EMAIL_IN_USE, TECH_FAILED, TECH_NO_UID, validateTechnicianInput } from '@/domain/developer/forms';
import { PASSWORD_MIN, passwordHint } from '@/domain/validation/account';
import { errorCode, italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { createTechnician } from '../api';

/**
 * 'Nuovo tecnico' (document 3 §2.6, §5): email (trimmed, lowercased) and password (at least 6); the account is
 * created on a secondary app so the admin stays signed in; the User document gets level tech.
 */
export function TechnicianCreateModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setEmail('');
    setPassword('');
    setError(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const checked = validateTechnicianInput(email, password);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const uid = await createTechnician(checked.email, password);
      if (!uid) {
        setError(TECH_NO_UID);
        return;
      }
      logActivity({ action: 'technician_created', module: 'developer', details: { techId: uid, email: checked.email } });
      reset();
      onCreated(checked.email);
    } catch (e) {
      const code = errorCode(e);
      setError(code === 'auth/email-already-in-use' ? TECH_EMAIL_IN_USE : code ? italianError(e) : e instanceof Error && e.message ? e.message : TECH_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Nuovo tecnico"
      onClose={close}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Annulla
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Creazione…' : 'Crea tecnico'}
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
          Email
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" required data-autofocus />
        </label>
        <label className="field">
          Password
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder={passwordHint('other')} autoComplete="new-password" required minLength={PASSWORD_MIN.other} />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
