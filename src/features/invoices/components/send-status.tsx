import type { DraftSendView } from '../send';

export type CopyResult = 'copied' | 'refused' | 'error';

/** The toasts of 'Copia errore' (document 2 §8). */
export const COPY_TEXTS: Record<CopyResult, string> = {
  copied: 'Dettagli errore copiati negli appunti',
  refused: 'Impossibile copiare negli appunti',
  error: 'Errore durante copia del messaggio',
};

/** A draft's send state in its row: 'Invio in corso...', sent (fading), failed with the error panel, or the pre-flight's problems. */
export function SendStatus({ state, onRetry, onCopied }: { state: DraftSendView | undefined; onRetry: () => void; onCopied: (result: CopyResult) => void }) {
  if (state === undefined) return null;
  if (state === 'sending') return <span className="send-state" role="status">Invio in corso...</span>;
  if (state.kind === 'sent') return <span className={state.fading ? 'send-state send-state--sent send-state--fading' : 'send-state send-state--sent'} role="status">Fattura inviata: {state.number}</span>;
  if (state.kind === 'problems') {
    return (
      <div className="send-panel" role="alert" data-testid="send-problems">
        <strong>La fattura non è stata inviata: correggi questi dati.</strong>
        <ul>
          {state.problems.map((p) => (
            <li key={`${p.code}-${p.path}-${p.message}`}>
              {p.message} <span className="muted">({p.code} · {p.path})</span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const details = `Stato: ${state.status}\nMessaggio: ${state.message}\nRisposta: ${state.rawBody}`;
  const copy = () => {
    // No clipboard at all (an insecure origin, an old browser) is another failure than a refused write.
    try {
      navigator.clipboard.writeText(details).then(() => onCopied('copied'), () => onCopied('refused'));
    } catch {
      onCopied('error');
    }
  };
  return (
    <div className="send-panel" role="alert" data-testid="send-error">
      <strong>Invio fallito: {state.message}</strong>
      <dl>
        <dt>Stato</dt><dd>{state.status || '—'}</dd>
        <dt>Messaggio</dt><dd>{state.message}</dd>
        <dt>Risposta</dt><dd><pre>{state.rawBody || '—'}</pre></dd>
      </dl>
      <button type="button" className="button button--primary" onClick={onRetry}>Riprova</button>
      <button type="button" className="button" onClick={copy}>Copia errore</button>
    </div>
  );
}
