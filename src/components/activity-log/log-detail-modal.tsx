import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/format';
import type { UserLog } from '@/data/user-log';
import { diffBeforeAfter } from '@/domain/activity-log/diff';
import { actionLabel, moduleLabel } from './log-labels';

/** Lists shown in the detail are cut at 10 items (document 1 §9). */
const MAX_ITEMS = 10;

function limited(value: unknown): unknown {
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_ITEMS).map(limited);
    return value.length > MAX_ITEMS ? [...shown, `… e altri ${value.length - MAX_ITEMS}`] : shown;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const maybeTimestamp = value as { toDate?: () => Date };
    if (typeof maybeTimestamp.toDate === 'function') return formatDateTime(maybeTimestamp.toDate());
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, limited(v)]));
  }
  return value;
}

function readable(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(limited(value), null, 2);
}

const SECTIONS: { key: string; label: string }[] = [
  { key: 'before', label: 'Prima' },
  { key: 'after', label: 'Dopo' },
  { key: 'changes', label: 'Modifiche' },
  { key: 'operations', label: 'Operazioni' },
];

/** `writer`: who signed the line (the account behind actorId, resolved by the viewer), next to the employee it names. */
export function LogDetailModal({ entry, writer, onClose }: { entry: (UserLog & { segmentsFound?: number }) | undefined; writer?: string; onClose: () => void }) {
  const details = entry?.details ?? {};
  const other = Object.fromEntries(Object.entries(details).filter(([k]) => !SECTIONS.some((s) => s.key === k)));
  return (
    <Modal
      open={entry !== undefined}
      title="Dettaglio attività"
      onClose={onClose}
    >
      {entry ? (
        <div className="log-detail">
          <dl>
            <dt>Data</dt>
            <dd>{entry.timestamp ? formatDateTime(entry.timestamp) : '—'}</dd>
            <dt>Azione</dt>
            <dd>{actionLabel(entry.action)}</dd>
            <dt>Modulo</dt>
            <dd>{moduleLabel(entry.module)}</dd>
            {entry.employee ? (
              <>
                <dt>Dipendente</dt>
                <dd>
                  {entry.employee.employeeName}
                  {entry.employee.employeeRole ? ` (${entry.employee.employeeRole})` : ''}
                </dd>
              </>
            ) : null}
            <dt>Scritto da</dt>
            <dd>{writer ?? '—'}</dd>
            <dt>Sessione</dt>
            <dd>{entry.metadata.sessionId ? entry.metadata.sessionId.slice(0, 8) : '—'}</dd>
            <dt>Dispositivo</dt>
            <dd>{[entry.metadata.deviceType, entry.metadata.os].filter(Boolean).join(' · ') || '—'}</dd>
            <dt>Pagina</dt>
            <dd>{entry.metadata.url ?? '—'}</dd>
            {entry.segmentsFound ? (
              <>
                <dt>Segmenti</dt>
                <dd>{entry.segmentsFound}</dd>
              </>
            ) : null}
          </dl>
          {entry.action === 'shop_update' && details.before !== undefined && details.after !== undefined ? (
            <BeforeAfterDiff before={details.before} after={details.after} />
          ) : null}
          {SECTIONS.filter((s) => details[s.key] !== undefined).map((s) => (
            <section key={s.key}>
              <h3>{s.label}</h3>
              <pre>{readable(details[s.key])}</pre>
            </section>
          ))}
          {Object.keys(other).length > 0 ? (
            <section>
              <h3>Dettagli</h3>
              <pre>{readable(other)}</pre>
            </section>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

function cell(value: unknown): string {
  if (value === undefined) return '—';
  return readable(value);
}

/** The before/after diff of a shop_update (document 3 §2.6): one row per changed field. */
function BeforeAfterDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffBeforeAfter(before, after);
  return (
    <section>
      <h3>Differenze</h3>
      {rows.length === 0 ? (
        <p className="muted">Nessuna differenza tra prima e dopo.</p>
      ) : (
        <table className="data-table" data-testid="log-diff">
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Prima</th>
              <th scope="col">Dopo</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.path}>
                <td>{row.path}</td>
                <td className="log-diff__before">{cell(row.before)}</td>
                <td className="log-diff__after">{cell(row.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
