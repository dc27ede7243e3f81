import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { cutoffMinutes, cutoffText } from '@/domain/zreport/business-day';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { saveBusinessDayCutoff } from '../api';

export const CUTOFF_INVALID = 'Scegli un orario tra 00:00 e 11:59.';
export const CUTOFF_SAVED = 'Orario salvato: le chiusure sono ricalcolate.';

/**
 * The end of the business day (issue 20 §6): shown to everyone who opens /zreport; the owner changes it. The
 * stored value is read live, so the table follows a change made here or in another tab.
 */
export function CutoffSetting({ shopId, cutoff, canEdit }: { shopId: string; cutoff: string; canEdit: boolean }) {
  const [text, setText] = useState(cutoff);
  const [lastStored, setLastStored] = useState(cutoff);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  if (lastStored !== cutoff) {
    // Changed elsewhere: follow it unless the owner is typing a new value.
    setLastStored(cutoff);
    if (text === lastStored) setText(cutoff);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const minutes = cutoffMinutes(text);
    if (minutes === undefined) return setError(CUTOFF_INVALID);
    setError(undefined);
    if (text === cutoff) return setSaved(true);
    setBusy(true);
    try {
      await saveBusinessDayCutoff(shopId, text);
      logActivity({ action: 'business_day_cutoff_update', module: 'zreport', details: { before: cutoff, after: text } });
      setSaved(true);
    } catch (e) {
      setError(`Errore durante il salvataggio dell'orario: ${italianError(e)}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="zreport__cutoff">
      <p className="muted" data-testid="zreport-cutoff">
        {cutoffText(cutoff)}
      </p>
      {canEdit ? (
        <form className="zreport__cutoff-form no-print" onSubmit={(e) => void submit(e)} noValidate>
          <label className="field">
            Fine della giornata (dopo mezzanotte)
            <input
              type="time"
              min="00:00"
              max="11:59"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSaved(false);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby="zreport-cutoff-error"
            />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Salva orario
          </button>
          <FormError id="zreport-cutoff-error" message={error} />
          {saved ? (
            <p className="form-success" role="status">
              {CUTOFF_SAVED}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
