import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { acceptPinInput, PIN_MAX_LENGTH, WRONG_PIN } from '../employee-list';

interface PinDialogProps {
  employeeName: string | undefined;
  onClose: () => void;
  /** True when the PIN is right (the dialog is then closed by the caller). */
  /** true = accepted; false = wrong PIN; a text = the message to show (locked, unreachable…). */
  onSubmit: (pin: string) => Promise<boolean | string>;
}

/** PIN prompt for an employee who has one: digits only, up to 6; a wrong PIN shows 'PIN errato. Riprova.'. */
export function PinDialog({ employeeName, onClose, onSubmit }: PinDialogProps) {
  const open = employeeName !== undefined;
  return (
    <Modal open={open} title="Inserisci il PIN" onClose={onClose}>
      {/* Remounted for each employee, so nothing typed for one is kept for the next. */}
      {open ? <PinForm key={employeeName} employeeName={employeeName} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Modal>
  );
}

function PinForm({ employeeName, onClose, onSubmit }: { employeeName: string } & Omit<PinDialogProps, 'employeeName'>) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // The dialog opens (showModal) after this form mounts: focus the PIN field once it is on screen.
  useEffect(() => {
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const [checking, setChecking] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    if (pin === '') {
      setError('Inserisci il PIN.');
      return;
    }
    setChecking(true);
    void onSubmit(pin).then((answer) => {
      if (answer === true) return;
      setChecking(false);
      setError(answer === false ? WRONG_PIN : answer);
      setPin('');
      inputRef.current?.focus();
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>
        Dipendente: <strong>{employeeName}</strong>
      </p>
      <div className="field">
        <label htmlFor={inputId}>PIN</label>
        <input
          id={inputId}
          className="pin-input"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PIN_MAX_LENGTH}
          autoComplete="off"
          ref={inputRef}
          value={pin}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setPin((previous) => acceptPinInput(previous, event.target.value));
            setError(null);
          }}
        />
        <span className="field-hint">Solo cifre, massimo {PIN_MAX_LENGTH}.</span>
      </div>
      <FormError id={errorId} message={error} />
      <div className="pin-actions">
        <button type="button" className="button" onClick={onClose}>
          Annulla
        </button>
        <button type="submit" className="button button--primary">
          Conferma
        </button>
      </div>
    </form>
  );
}
