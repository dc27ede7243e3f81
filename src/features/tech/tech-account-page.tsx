import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_LENGTH_MESSAGE, passwordLengthError } from '@/domain/validation/account';
import { errorCode } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { useSession } from '@/stores/session';
import { changeTechPassword, NotSignedIn, sendTechReset } from './api-account';
import './tech.css';

export const ACCOUNT_TEXTS = {
  mismatch: 'Le password non coincidono.',
  minLength: PASSWORD_LENGTH_MESSAGE.other,
  notSignedIn: 'Utente non autenticato',
  done: 'Password aggiornata con successo',
  failed: "Errore durante l'aggiornamento della password.",
  wrongCurrent: 'La password attuale non è corretta.',
  noEmail: 'Email non disponibile',
  resetSent: 'Email per il reset inviata.',
  resetFailed: "Errore nell'invio dell'email di reset",
} as const;

type Flash = { kind: 'success' | 'error'; text: string } | null;

/** /tech-account (document 1 §2, §5): email and user id, password change with re-authentication, reset link. */
export default function TechAccountPage() {
  const uid = useSession((s) => s.uid);
  const email = useSession((s) => s.email);
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [flash, setFlash] = useState<Flash>(null);
  const [resetFlash, setResetFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFlash(null);
    if (form.next !== form.confirm) return setFlash({ kind: 'error', text: ACCOUNT_TEXTS.mismatch });
    if (passwordLengthError(form.next, 'other')) return setFlash({ kind: 'error', text: ACCOUNT_TEXTS.minLength });
    setBusy(true);
    try {
      await changeTechPassword(form.current, form.next);
      setForm({ current: '', next: '', confirm: '' });
      setFlash({ kind: 'success', text: ACCOUNT_TEXTS.done });
      logActivity({ action: 'password_change', module: 'auth' });
    } catch (error) {
      const code = errorCode(error);
      const text = error instanceof NotSignedIn ? ACCOUNT_TEXTS.notSignedIn
        : code === 'auth/wrong-password' || code === 'auth/invalid-credential' ? `${ACCOUNT_TEXTS.failed} ${ACCOUNT_TEXTS.wrongCurrent}`
        : ACCOUNT_TEXTS.failed;
      setFlash({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    setResetFlash(null);
    if (!email) return setResetFlash({ kind: 'error', text: ACCOUNT_TEXTS.noEmail });
    try {
      await sendTechReset(email);
      setResetFlash({ kind: 'success', text: ACCOUNT_TEXTS.resetSent });
    } catch {
      setResetFlash({ kind: 'error', text: ACCOUNT_TEXTS.resetFailed });
    }
  }

  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`tech-account-${name}`}>{label}</label>
      <input id={`tech-account-${name}`} type="password" autoComplete={autoComplete} required value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </div>
  );
  const flashView = (f: Flash) =>
    f ? (
      <p className={f.kind === 'success' ? 'form-success' : 'form-error'} role={f.kind === 'success' ? 'status' : 'alert'}>
        {f.text}
      </p>
    ) : null;

  return (
    <section className="page tech">
      <div className="tech__header">
        <h1>Account tecnico</h1>
        <Link to="/tech-dashboard">Torna alla dashboard</Link>
      </div>
      <div className="card wizard">
        <h2>Dati dell&apos;account</h2>
        <dl className="tech-card__facts">
          <div>
            <dt>Email</dt>
            <dd>{email ?? ACCOUNT_TEXTS.noEmail}</dd>
          </div>
          <div>
            <dt>ID utente</dt>
            <dd>
              <code>{uid ?? '—'}</code>
            </dd>
          </div>
        </dl>
      </div>
      <form className="card wizard" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="tech-password-title">
        <h2 id="tech-password-title">Cambia password</h2>
        {field('current', 'Password attuale', 'current-password')}
        {field('next', 'Nuova password', 'new-password')}
        {field('confirm', 'Conferma nuova password', 'new-password')}
        {flashView(flash)}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Aggiornamento…' : 'Aggiorna password'}
        </button>
      </form>
      <div className="card wizard">
        <h2>Reimposta password via email</h2>
        <p className="muted">Ricevi all&apos;indirizzo dell&apos;account un link per scegliere una nuova password.</p>
        {flashView(resetFlash)}
        <button type="button" className="button" onClick={() => void reset()}>
          Invia link di reset
        </button>
      </div>
    </section>
  );
}
