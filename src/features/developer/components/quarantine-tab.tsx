import { useMemo } from 'react';
import type { ProviderQuarantineEntry } from '@/data/provider-quarantine';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { providerQuarantineQuery, QUARANTINE_LIMIT } from '../api';
import { LoadStates } from '@/components/ui/load-states';

/** Why the webhook could not place a delivery, in the words an admin needs to sort it out with the shop. */
const REASONS: Record<string, string> = {
  'unknown-recipient': 'Nessun negozio ha la P.IVA / il codice fiscale del destinatario',
  'ambiguous-recipient': 'Più negozi hanno la P.IVA / il codice fiscale del destinatario',
  'invoice-exists': 'Esiste già una fattura con lo stesso identificativo',
  'unknown-invoice': 'Notifica per una fattura che non conosciamo',
};

const EVENTS: Record<string, string> = {
  'supplier-invoice': 'Fattura fornitore',
  'customer-notification': 'Notifica SDI',
};

function subject(entry: ProviderQuarantineEntry): string {
  if (entry.event === 'customer-notification') return `Fattura ${entry.invoiceUuid ?? '—'}${entry.notificationType ? ` (${entry.notificationType})` : ''}`;
  const ids = entry.recipientIds.length > 0 ? entry.recipientIds.join(', ') : '—';
  return entry.candidates.length > 0 ? `Destinatario ${ids} · negozi: ${entry.candidates.join(', ')}` : `Destinatario ${ids}`;
}

/**
 * 'Consegne non assegnate' (issue 24): the provider's callbacks the webhook kept apart because it could not place
 * them, newest first, with the reason, what they name and the body as received. Read-only: the fix is on the shop's
 * data (its VAT number), after which the provider's next delivery lands; the entry stays as the record.
 */
export default function QuarantineTab() {
  const q = useMemo(() => providerQuarantineQuery(), []);
  const entries = useLiveQuery(q, 'dev-quarantine');
  return (
    <section className="card dev-section" aria-labelledby="quarantine-title">
      <h2 id="quarantine-title">Consegne non assegnate</h2>
      <p className="muted">
        Fatture fornitore e notifiche SDI arrivate dal provider che il webhook non ha potuto attribuire a un negozio (ultime {QUARANTINE_LIMIT}).
        Corretti i dati del negozio, le consegne successive arrivano a destinazione.
      </p>
      <LoadStates state={entries} loading="Caricamento consegne…" error="Errore nel caricamento delle consegne" empty="Nessuna consegna in sospeso." isEmpty={entries.data?.length === 0} />
      {entries.status === 'ready' && entries.data.length > 0 ? (
        <ul className="quarantine-list" data-testid="quarantine-list">
          {entries.data.map((entry) => (
            <li key={entry.id} className="quarantine-entry" aria-label={`${EVENTS[entry.event] ?? entry.event} ${entry.uuid}`}>
              <div className="quarantine-entry__meta">
                <span>{entry.receivedAt ? formatDateTime(entry.receivedAt) : '—'}</span>
                <strong>{EVENTS[entry.event] ?? (entry.event || '—')}</strong>
                <span>{REASONS[entry.reason] ?? (entry.reason || '—')}</span>
              </div>
              <p className="quarantine-entry__subject">{subject(entry)}</p>
              <p className="muted">
                Identificativo del provider: <code>{entry.uuid || '—'}</code>
              </p>
              <details>
                <summary>Contenuto ricevuto</summary>
                {/* Focusable: a long body scrolls, and keyboard users must reach it (axe scrollable-region-focusable). */}
                <pre className="quarantine-entry__body" tabIndex={0} aria-label={`Contenuto ricevuto di ${entry.uuid}`}>
                  {entry.body}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
