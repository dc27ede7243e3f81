import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormError } from '@/components/ui/form-error';
import { italianError } from '@/lib/firebase-errors';
import { useNotice } from '@/stores/notice';
import { signIn } from './api';
import { afterSignIn } from './post-login';
import { AuthCard } from './auth-card';

export default function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
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
    try {
      const user = await signIn(email, password);
      const outcome = await afterSignIn(user.uid, user.email ?? undefined);
      if (outcome.kind === 'go') {
        await navigate(outcome.to, { replace: true });
        return;
      }
      if (outcome.kind === 'refused') useNotice.getState().show(outcome.message);
      else setError(outcome.message);
    } catch (caught) {
      setError(italianError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Accedi al Back Office">
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={errorId}>
        <label className="field">
          <span>Email</span>
          <input type="email" name="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <FormError id={errorId} message={error} />
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
