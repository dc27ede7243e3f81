import { useMemo, useState } from 'react';
import { Toast, useToast } from '@/components/ui/toast';
import type { ProviderQuarantineEntry } from '@/data/provider-quarantine';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { providerQuarantineQuery, QUARANTINE_LIMIT } from '../api';
import { LoadStates } from '@/components/ui/load-states';
import { QuarantineReleaseModal } from './quarantine-release-modal';

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

/** How a kept delivery was placed after all; undefined while it is still waiting. */
function resolutionText(entry: ProviderQuarantineEntry): string | undefined {
  if (!entry.resolution) return undefined;
  const when = entry.resolvedAt ? ` il ${formatDateTime(entry.resolvedAt)}` : '';
  const shop = entry.shopId ? ` al negozio ${entry.shopId}` : '';
  return entry.resolution === 'released' ? `Assegnata${shop} da un amministratore (${entry.resolvedBy ?? '—'})${when}` : `Consegnata${shop} al nuovo tentativo del provider${when}`;
}

/**
 * 'Consegne non assegnate': the provider's callbacks the webhook kept apart because it could
 * not place them, newest first, with the reason, what they name, the provider's attempts and the body as received.
 * The webhook answers them so that the provider retries: once the fiscal-identity registry names the recipient (or
 * the invoice exists) a retry lands by itself. A supplier invoice can also be assigned to a shop here ('Assegna al
 * negozio', admins, through the releaseQuarantined function). A placed entry stays as the record, marked.
 */
export default function QuarantineTab() {
  const q = useMemo(() => providerQuarantineQuery(), []);
  const entries = useLiveQuery(q, 'dev-quarantine');
  const [releasing, setReleasing] = useState<ProviderQuarantineEntry | null>(null);
  const { toast, show, dismiss } = useToast();
  return (
    <section className="card dev-section" aria-labelledby="quarantine-title">
      <h2 id="quarantine-title">Consegne non assegnate</h2>
      <p className="muted">
        Fatture fornitore e notifiche SDI arrivate dal provider che il webhook non ha potuto attribuire a un negozio (ultime {QUARANTINE_LIMIT}).
        Il provider le ritenta: registrata la partita IVA del negozio, il tentativo successivo arriva a destinazione. Una fattura fornitore si
        può anche assegnare a mano a un negozio.
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
                {entry.attempts > 1 ? ` · ${String(entry.attempts)} tentativi` : ''}
              </p>
              {resolutionText(entry) ? (
                <p className="quarantine-entry__resolved" data-testid="quarantine-resolved">
                  {resolutionText(entry)}
                </p>
              ) : entry.event === 'supplier-invoice' ? (
                <p>
                  <button type="button" className="button" onClick={() => setReleasing(entry)} aria-label={`Assegna al negozio la fattura ${entry.uuid}`}>
                    Assegna al negozio
                  </button>
                </p>
              ) : null}
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
      {releasing ? (
        <QuarantineReleaseModal
          entry={releasing}
          onClose={() => setReleasing(null)}
          onReleased={(message) => {
            setReleasing(null);
            show(message, 'success');
          }}
        />
      ) : null}
      <Toast toast={toast} onDismiss={dismiss} />
    </section>
  );
}
