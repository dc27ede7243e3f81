import { useId, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import type { ProviderQuarantineEntry } from '@/data/provider-quarantine';
import { logActivity } from '@/stores/activity-log';
import { releaseQuarantined } from '../api';

export const RELEASE_SHOP_REQUIRED = 'Scegli il negozio a cui assegnare la fattura.';
export const releasedMessage = (shopId: string) => `Fattura assegnata al negozio ${shopId}: ora è tra le sue fatture in entrata.`;
const OTHER = '__other__';

/**
 * 'Assegna al negozio': the admin picks the shop a quarantined supplier invoice belongs to — one of the
 * candidates the webhook found (listed first), or any shop by its id — and confirms; the releaseQuarantined function
 * places it as the webhook would. The dialog stays open on a refusal, with the server's reason.
 */
export function QuarantineReleaseModal({ entry, onClose, onReleased }: { entry: ProviderQuarantineEntry; onClose: () => void; onReleased: (message: string) => void }) {
  const [choice, setChoice] = useState(entry.candidates[0] ?? OTHER);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  const shopId = (choice === OTHER ? typed : choice).trim();

  const submit = async () => {
    setError(undefined);
    if (shopId === '') {
      setError(RELEASE_SHOP_REQUIRED);
      return;
    }
    setBusy(true);
    const answer = await releaseQuarantined(entry.id, shopId);
    setBusy(false);
    if (!answer.ok) {
      setError(`Assegnazione non riuscita: ${answer.message}`);
      return;
    }
    logActivity({ action: 'quarantine_released', module: 'developer', subject: shopId, details: { entryId: entry.id, invoiceId: answer.invoiceId, shopId } });
    onReleased(releasedMessage(shopId));
  };

  return (
    <Modal
      open
      title="Assegna al negozio"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Annulla
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Assegnazione…' : 'Conferma assegnazione'}
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
        <p>
          La fattura fornitore <code>{entry.uuid}</code> (destinatario {entry.recipientIds.join(', ') || '—'}) sarà registrata tra le fatture in entrata del
          negozio scelto, come se il provider l’avesse consegnata a quel negozio.
        </p>
        <fieldset className="field" aria-describedby={`${groupId}-hint`}>
          <legend>Negozio</legend>
          {entry.candidates.map((candidate, i) => (
            <label key={candidate} className="checkbox">
              <input type="radio" name={groupId} value={candidate} checked={choice === candidate} onChange={() => setChoice(candidate)} {...(i === 0 ? { 'data-autofocus': true } : {})} />
              Candidato: <code>{candidate}</code>
            </label>
          ))}
          <label className="checkbox">
            <input type="radio" name={groupId} value={OTHER} checked={choice === OTHER} onChange={() => setChoice(OTHER)} {...(entry.candidates.length === 0 ? { 'data-autofocus': true } : {})} />
            Altro negozio
          </label>
          <label className="field">
            ID del negozio
            <input value={typed} onChange={(e) => {
              setTyped(e.target.value);
              setChoice(OTHER);
            }} autoComplete="off" spellCheck={false} />
          </label>
          <p id={`${groupId}-hint`} className="muted">
            L’ID del negozio è l’ID utente del titolare (scheda Negozi).
          </p>
        </fieldset>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
