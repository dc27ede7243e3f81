import { useMemo, useState } from 'react';
import { userLogQuery } from '@/data/user-log';
import { actionLabel, moduleLabel } from '@/components/activity-log/log-labels';
import { Toast, useToast } from '@/components/ui/toast';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDate, formatDateTime } from '@/lib/format';
import { techniciansQuery } from '../api';
import { TechnicianCreateModal } from './technician-create-modal';
import { LoadStates } from '@/components/ui/load-states';

/** Entries of the selected technician's recent activity. */
const RECENT = 20;

/**
 * Tecnici (document 3 §2.6): the technicians (email, userId, level, created date), 'Aggiungi tecnico', and the
 * recent activity of the selected technician (UserLog where userId is the technician, newest first).
 */
export default function TechniciansTab() {
  const q = useMemo(() => techniciansQuery(), []);
  const techs = useLiveQuery(q, 'dev-techs');
  const [selected, setSelected] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const { toast, show, dismiss } = useToast();
  const list = [...(techs.data ?? [])].sort((a, b) => a.email.localeCompare(b.email, 'it'));

  return (
    <div className="dev-shops">
      <section className="dev-panel" aria-labelledby="techs-title">
        <div className="dev-panel__head">
          <h2 id="techs-title">Tecnici {techs.status === 'ready' ? `(${String(list.length)})` : ''}</h2>
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Aggiungi tecnico
          </button>
        </div>
        <LoadStates state={techs} loading="Caricamento tecnici…" error="Errore nel caricamento dei tecnici" empty="Nessun tecnico registrato." isEmpty={list.length === 0} />
        <ul className="dev-list" aria-label="Elenco tecnici">
          {list.map((t) => (
            <li key={t.id}>
              <button type="button" className="dev-list__item" aria-pressed={t.id === selected} onClick={() => setSelected(t.id)} data-testid="tech-item">
                <strong>{t.email || '—'}</strong>
                <span className="muted">{t.userId}</span>
                <span className="muted">
                  {t.levelRaw || '—'} · creato {t.createdAt ? formatDate(t.createdAt) : '—'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="dev-panel" aria-label="Attività recente del tecnico">
        {selected ? <RecentActivity techId={selected} email={list.find((t) => t.id === selected)?.email ?? selected} /> : <p className="muted">Seleziona un tecnico per vederne l&apos;attività recente.</p>}
      </section>
      <TechnicianCreateModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(email) => {
          setAdding(false);
          show(`Tecnico ${email} creato con successo.`, 'success');
        }}
      />
      <Toast toast={toast} onDismiss={dismiss} />
    </div>
  );
}

function RecentActivity({ techId, email }: { techId: string; email: string }) {
  const q = useMemo(() => userLogQuery(techId), [techId]);
  const logs = useLiveQuery(q, `tech-logs|${techId}`);
  return (
    <>
      <h2>Attività recente di {email}</h2>
      <LoadStates state={logs} loading="Caricamento log…" error="Errore nel caricamento dei log" empty="Nessuna attività registrata." isEmpty={logs.data?.length === 0} />
      {logs.status === 'ready' && logs.data.length > 0 ? (
        <table className="data-table" data-testid="tech-activity">
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Azione</th>
              <th scope="col">Modulo</th>
              <th scope="col">Negozio</th>
            </tr>
          </thead>
          <tbody>
            {logs.data.slice(0, RECENT).map((log) => (
              <tr key={log.id}>
                <td>{log.timestamp ? formatDateTime(log.timestamp) : '—'}</td>
                <td>{actionLabel(log.action)}</td>
                <td>{moduleLabel(log.module)}</td>
                <td>{typeof log.details.shopId === 'string' ? log.details.shopId : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
