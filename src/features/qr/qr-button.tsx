import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { encodeCredentials } from '@/domain/credentials/obfuscation';
import { errorCode, italianError } from '@/lib/firebase-errors';
import { reauthenticate } from './api';

/**
 * QR code for the POS app (document 1 §2 'Layout', §8, §9). Better than the spec's "stored
 * credentials": no password is stored anywhere. The dialog asks for it, re-authenticates with Firebase Auth,
 * then draws a QR of the obfuscated {email, password} (scheme in domain/credentials/obfuscation.ts). The
 * password lives only in this component's state, is cleared as soon as the QR is drawn or the attempt fails,
 * and everything (QR included) is dropped when the dialog closes: the dialog body unmounts.
 */
export const QR_NOTICE =
  'Il codice QR contiene le credenziali solo offuscate, non cifrate: mostralo solo sul dispositivo del negozio e non fotografarlo.';
export const QR_FAILURE = 'Failed to generate QR code';
const WRONG_PASSWORD_CODES = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

function reauthError(error: unknown): string {
  const code = errorCode(error);
  return code && WRONG_PASSWORD_CODES.has(code) ? 'Password non corretta.' : italianError(error);
}

function QrIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M3 3h8v8H3V3zm2 2v4h4V5H5zm8-2h8v8h-8V3zm2 2v4h4V5h-4zM3 13h8v8H3v-8zm2 2v4h4v-4H5zm13-2h3v2h-3v-2zm-5 0h3v3h-3v-3zm3 3h2v2h-2v-2zm-3 3h3v2h-3v-2zm5 0h3v2h-3v-2zm0-3h3v2h-3v-2z" />
    </svg>
  );
}

export function QrButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" aria-label="Codice QR per l’app cassa" aria-haspopup="dialog" title="Codice QR per l’app cassa" onClick={() => setOpen(true)}>
        <QrIcon />
      </button>
      <Modal open={open} title="Codice QR per l’app cassa" onClose={() => setOpen(false)}>
        <QrDialogBody onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}

type Phase = { kind: 'ask' } | { kind: 'busy' } | { kind: 'shown'; dataUrl: string };

export function QrDialogBody({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [error, setError] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const errorId = useId();
  const hintId = useId();

  // Focus follows the flow: on the QR's 'Fatto' once shown, back on the (emptied) field after an error.
  useEffect(() => {
    if (phase.kind === 'shown') closeRef.current?.focus();
    else if (phase.kind === 'ask' && error) inputRef.current?.focus();
  }, [phase.kind, error]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Inserisci la password.');
      return;
    }
    const typed = password;
    setPassword('');
    setError(null);
    setPhase({ kind: 'busy' });
    let email: string;
    try {
      email = await reauthenticate(typed);
    } catch (caught) {
      setError(reauthError(caught));
      setPhase({ kind: 'ask' });
      return;
    }
    try {
      // The QR library loads only when a code is asked for, not with every page.
      const { default: QRCode } = await import('qrcode');
      const dataUrl = await QRCode.toDataURL(encodeCredentials({ email, password: typed }), { errorCorrectionLevel: 'M', margin: 2, width: 256 });
      setPhase({ kind: 'shown', dataUrl });
    } catch {
      setError(QR_FAILURE);
      setPhase({ kind: 'ask' });
    }
  }

  if (phase.kind === 'shown') {
    return (
      <div className="qr-result">
        <img className="qr-result__image" src={phase.dataUrl} width={256} height={256} alt="Codice QR con le credenziali per l’app cassa" data-testid="qr-image" />
        <p className="qr-result__notice" role="note">
          {QR_NOTICE}
        </p>
        <p className="muted">Inquadra il codice con l’app cassa del negozio. Chiudendo questa finestra il codice viene eliminato.</p>
        <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
          Fatto
        </button>
      </div>
    );
  }

  const busy = phase.kind === 'busy';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p id={hintId}>Conferma la password per generare il QR</p>
      <label className="field">
        <span>Password</span>
        <input
          // The native <dialog> focuses the element carrying the autofocus attribute when it opens.
          ref={(input) => {
            inputRef.current = input;
            input?.setAttribute('autofocus', '');
          }}
          type="password"
          name="qr-password"
          autoComplete="current-password"
          required
          value={password}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId} ${errorId}`}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <FormError id={errorId} message={error} />
      <p className="muted">{QR_NOTICE}</p>
      <div className="qr-actions">
        <button type="button" className="button" onClick={onClose}>
          Annulla
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Verifica in corso…' : 'Genera QR'}
        </button>
      </div>
    </form>
  );
}
