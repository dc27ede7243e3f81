import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { cutoffMinutes, cutoffText, DEFAULT_BUSINESS_DAY_CUTOFF } from '@/domain/zreport/business-day';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { saveBusinessDayCutoff } from '../api';

export const CUTOFF_INVALID = 'Scegli un orario tra 00:00 e 11:59.';
export const CUTOFF_SAVED = 'Orario salvato: le chiusure sono ricalcolate.';

/**
 * The end of the business day: shown to everyone who opens /zreport; the owner changes it. The
 * stored value is read live, so the table follows a change made here or in another tab.
 */
export function CutoffSetting({ shopId, cutoff: stored, canEdit }: { shopId: string; cutoff: string | undefined; canEdit: boolean }) {
  // While the shop is read the block is drawn hidden with the default hour, so that the cards and the table below do
  // not move when it arrives (a layout shift of 0.161 on a phone).
  const pending = stored === undefined;
  const cutoff = stored ?? DEFAULT_BUSINESS_DAY_CUTOFF;
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
    <div className={pending ? 'zreport__cutoff zreport__cutoff--pending' : 'zreport__cutoff'} aria-hidden={pending || undefined} inert={pending}>
      <p className="muted" data-testid={pending ? undefined : 'zreport-cutoff'}>
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
