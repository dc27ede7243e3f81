import { useConnection } from '@/stores/connection';

export const CONNECTION_TEXTS = {
  offline:
    'Connessione al server assente: i dati mostrati potrebbero non essere aggiornati e i salvataggi restano in attesa finché la connessione non ritorna. Non chiudere la pagina: quello che hai scritto resta qui.',
  syncing: 'Connessione ristabilita: salvataggio delle modifiche in attesa…',
} as const;

/** What the page's connection is, said only when it is not well: offline (an alert) or confirming queued writes. */
export function ConnectionNotice({ testId }: { testId: string }) {
  const state = useConnection((s) => s.state);
  if (state === 'online') return null;
  return state === 'offline' ? (
    <div className="banner banner--error" role="alert" data-testid={testId}>
      {CONNECTION_TEXTS.offline}
    </div>
  ) : (
    <div className="banner banner--warning" role="status" data-testid={testId}>
      {CONNECTION_TEXTS.syncing}
    </div>
  );
}
