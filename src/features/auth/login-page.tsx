import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormError } from '@/components/ui/form-error';
import { italianError } from '@/lib/firebase-errors';
import { useNotice } from '@/stores/notice';
import { signIn } from '@/lib/firebase-auth';
import { AuthCard } from './auth-card';

const loadPostLogin = () => import('./post-login');
const prefetchPostLogin = () => void loadPostLogin();

export default function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Inserisci email e password.');
      return;
    }
    setBusy(true);
    setError(null);
    setHint(null);
    try {
      const user = await signIn(email, password);
      // The post-login chain reads Firestore: it is fetched on demand (and prefetched while the user types).
      const { afterSignIn } = await loadPostLogin();
      const outcome = await afterSignIn(user.uid, user.email ?? undefined);
      if (outcome.kind === 'go') {
        await navigate(outcome.to, { replace: true });
        return;
      }
      if (outcome.kind === 'refused') useNotice.getState().show(outcome.message, outcome.action, outcome.detail);
      else {
        setError(outcome.message);
        setHint(outcome.hint ?? null);
      }
    } catch (caught) {
      setError(italianError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Accedi al Back Office">
      <form onSubmit={(event) => void submit(event)} onChange={prefetchPostLogin} noValidate aria-describedby={errorId}>
        <label className="field">
          <span>Email</span>
          <input type="email" name="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <FormError id={errorId} message={error} />
        {hint ? (
          <p className="auth-hint" role="status">
            {hint} Sei stato disconnesso: puoi accedere con un altro account.
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Accesso in corso…' : 'Accedi'}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/reset-password">Password dimenticata?</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/register">Crea un account</Link>
      </p>
    </AuthCard>
  );
}
