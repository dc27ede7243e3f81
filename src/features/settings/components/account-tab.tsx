import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { PASSWORD_LENGTH_MESSAGE, PASSWORD_MIN, passwordHint, passwordLengthError } from '@/domain/validation/account';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { changePassword } from '../api';
import { FlashMessage, useFlash } from '../use-flash';

export const ACCOUNT_MESSAGES = {
  required: 'Compila tutti i campi.',
  length: PASSWORD_LENGTH_MESSAGE.other,
  mismatch: 'Le password non coincidono.',
  /** Document 3 §8 (Settings): the signed-in user cannot be identified. */
  noUserId: 'Errore: ID utente non trovato.',
  done: 'Password aggiornata con successo.',
} as const;

/** Account (document 3 §2.3, §5): change password after re-authenticating with the current one. */
export function AccountTab() {
  const email = useSession((s) => s.email);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [flash, show] = useFlash();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    show(undefined);
    if (!current || !next || !confirm) return setError(ACCOUNT_MESSAGES.required);
    if (next !== confirm) return setError(ACCOUNT_MESSAGES.mismatch);
    if (passwordLengthError(next, 'other')) return setError(ACCOUNT_MESSAGES.length);
    if (!email) return setError(ACCOUNT_MESSAGES.noUserId);
    setError(undefined);
    setBusy(true);
    try {
      await changePassword(current, next);
      logActivity({ action: 'password_change', module: 'auth' });
      setCurrent('');
      setNext('');
      setConfirm('');
      show({ kind: 'success', text: ACCOUNT_MESSAGES.done });
    } catch (e) {
      const code = (e as { code?: string }).code;
      setError(code === 'auth/invalid-credential' || code === 'auth/wrong-password' ? 'La password attuale non è corretta.' : italianError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-section settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Cambia password</h2>
      {email ? <p className="muted">Account: {email}</p> : null}
      <FlashMessage flash={flash} />
      <FormError message={error} />
      <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
      <div className="field">
        <label htmlFor="current-password">Password attuale</label>
        <input id="current-password" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="new-password">Nuova password</label>
        <input id="new-password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN.other} value={next} onChange={(e) => setNext(e.target.value)} />
        <span className="field-hint">{passwordHint('other')}</span>
      </div>
      <div className="field">
        <label htmlFor="confirm-password">Conferma nuova password</label>
        <input id="confirm-password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        Aggiorna Password
      </button>
    </form>
  );
}
