import { useId, useState } from 'react';
import { ActivityLogViewer } from '@/components/activity-log/activity-log-viewer';
import { LOG_ACTIONS, LOG_MODULES } from '@/domain/activity-log/actions';

export const LOG_PAGE_SIZE = 15;

/** 'Log Attività': collapsible; live only while expanded; keyed to the selected shop (document 1 §2, §6). */
export function ActivityLogPanel({ logKey }: { logKey: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="log-panel" aria-label="Log Attività">
      <button type="button" className="button button--ghost log-panel__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <h2>Log Attività</h2>
        <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      {open ? (
        <div id={panelId}>
          <ActivityLogViewer logKey={logKey} pageSize={LOG_PAGE_SIZE} dateMode="day" actions={LOG_ACTIONS} modules={LOG_MODULES} clearLabel="Pulisci Filtri" />
        </div>
      ) : null}
    </section>
  );
}
