import type { MigrationCollection } from '@/domain/migration/migration';
import type { PreviewDoc } from '../migration-runner';

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'object' && value !== null && '_methodName' in value) return '(ora del server)';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** What a dry run would change, field by field, on the first documents (nothing was written). */
export function MigrationPreview({ collection, preview }: { collection: MigrationCollection; preview: PreviewDoc[] }) {
  if (preview.length === 0) return <p className="muted">Il Dry Run non ha trovato documenti da migrare.</p>;
  return (
    <div className="migration__preview">
      <h3>Dry Run: cosa cambierebbe (primi {preview.length} documenti, nulla è stato scritto)</h3>
      {preview.map((doc) => (
        <div key={doc.id} className="table-scroll">
          <table className="data-table" data-testid="migration-preview">
            <caption>
              {collection}/{doc.id}
            </caption>
            <thead>
              <tr>
                <th scope="col">Campo</th>
                <th scope="col">Prima</th>
                <th scope="col">Dopo</th>
              </tr>
            </thead>
            <tbody>
              {doc.changes.map((c) => (
                <tr key={c.field}>
                  <td>{c.field}</td>
                  <td className="migration__value">{show(c.before)}</td>
                  <td className="migration__value">{show(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
