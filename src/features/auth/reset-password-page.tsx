import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '@/components/ui/form-error';
import { italianError } from '@/lib/firebase-errors';
import { sendReset } from '@/lib/firebase-auth';
import { AuthCard } from './auth-card';

export default function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSent(false);
    if (!email.trim()) {
      setError('Email non disponibile');
      return;
    }
    setBusy(true);
    try {
      await sendReset(email);
      setSent(true);
    } catch (caught) {
      // Do not reveal whether an account exists for this address.
      const code = (caught as { code?: string }).code;
      if (code === 'auth/user-not-found') setSent(true);
      else setError(`Errore nell'invio dell'email di reset: ${italianError(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Recupera password">
      <p className="muted">Inserisci l&apos;email del tuo account: ti invieremo un link per scegliere una nuova password.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>Email</span>
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <FormError message={error} />
        {sent ? (
          <p className="form-success" role="status">
            Email per il reset inviata.
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Invio in corso…' : 'Invia link di reset'}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/login">Torna all&apos;accesso</Link>
      </p>
    </AuthCard>
  );
}
