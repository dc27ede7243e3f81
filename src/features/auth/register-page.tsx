import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '@/components/ui/form-error';
import { validateNewAccount, type NewAccountErrors } from '@/domain/validation/account';
import { italianError } from '@/lib/firebase-errors';
import { AuthCard } from './auth-card';

/** Self-registration: creates a `shopRegister` account; a technician completes the shop afterwards. */
export default function RegisterPage() {
  const [form, setForm] = useState({ email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<NewAccountErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewAccount(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      // The account writer brings the Firestore SDK (with its persistent cache): fetched when the form is sent, so the
      // public page stays within its budget before the first paint.
      const { logOut, registerAccount } = await import('./api');
      await registerAccount(form.email, form.password);
      await logOut();
      setDone(true);
    } catch (error) {
      setFailure(`Errore durante la registrazione: ${italianError(error)}`);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="Account creato">
        <p className="form-success" role="status">
          Il tuo account è stato creato. Un tecnico completerà la registrazione del negozio (piano, dati del negozio e
          dipendenti): riceverai conferma quando potrai accedere al Back Office.
        </p>
        <Link className="button button--primary button--block" to="/login">
          Torna all&apos;accesso
        </Link>
      </AuthCard>
    );
  }

  const field = (name: keyof typeof form, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`register-${name}`}>{label}</label>
      <input
        id={`register-${name}`}
        type={type}
        name={name}
        autoComplete={autoComplete}
        required
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `register-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] ? (
        <span id={`register-${name}-error`} className="field-error">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );

  return (
    <AuthCard title="Crea un account">
      <p className="muted">Dopo la creazione dell&apos;account un tecnico completerà la registrazione del tuo negozio.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {field('email', 'Email', 'email', 'username')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('confirm', 'Conferma password', 'password', 'new-password')}
        <FormError message={failure} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Registrazione in corso…' : 'Registrati'}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/login">Hai già un account? Accedi</Link>
      </p>
    </AuthCard>
  );
}
