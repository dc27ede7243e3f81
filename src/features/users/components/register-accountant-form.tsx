import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { ACCOUNTANT_MESSAGES, checkAccountantInput } from '@/domain/users/accountant';
import { PASSWORD_MIN, passwordHint } from '@/domain/validation/account';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { registerAccountant } from '../api';

/**
 * Register accountant (document 3 §2.7, §5): email (lowercased) and password (at least 6 characters). Used in
 * the modal of /users and on /register-accountant.
 */
export function RegisterAccountantForm({ onDone }: { onDone?: () => void }) {
  const uid = useSession((s) => s.uid);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [success, setSuccess] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    const input = checkAccountantInput(email, password);
    if (!input.ok) return setError(input.error);
    if (!uid) return setError(ACCOUNTANT_MESSAGES.noShop);
    setError(undefined);
    setBusy(true);
    const result = await registerAccountant(uid, input.email, input.password);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    logActivity({ action: 'accountant_register', module: 'settings', details: { email: input.email, accountantId: result.accountantId, newAccount: result.created } });
    setEmail('');
    setPassword('');
    setSuccess(ACCOUNTANT_MESSAGES.success);
    onDone?.();
  };

  return (
    <form className="register-accountant" onSubmit={(e) => void submit(e)} noValidate>
      <FormError message={error} />
      <p role="status" className={success ? 'form-success' : 'visually-hidden'}>
        {success ?? ''}
      </p>
      <p className="field-hint">
        Se il commercialista ha già un account, inserisci la sua email e la sua password: il negozio verrà aggiunto ai suoi negozi.
      </p>
      <div className="field">
        <label htmlFor="accountant-email">Email</label>
        <input id="accountant-email" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} data-autofocus />
      </div>
      <div className="field">
        <label htmlFor="accountant-password">Password</label>
        <input id="accountant-password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN.other} value={password} onChange={(e) => setPassword(e.target.value)} />
        <span className="field-hint">{passwordHint('other')}</span>
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Registrazione…' : 'Registra commercialista'}
      </button>
    </form>
  );
}
