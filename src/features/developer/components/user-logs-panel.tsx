import { useState } from 'react';
import type { Shop } from '@/data/shop';
import { ActivityLogViewer, type LogRow } from '@/components/activity-log/activity-log-viewer';
import { USER_LOG_FILTER_ACTIONS, USER_LOG_FILTER_MODULES } from '@/domain/activity-log/actions';
import { noUserIdMessage } from '@/domain/developer/shop-list';
import { CsvLogModal } from './csv-log-modal';
import { FlagFiltered } from './flag-filtered';
import type { Notify } from '@/components/ui/toast';

/** Page size of the developer's User Logs (document 3 §9). */
export const USER_LOG_PAGE_SIZE = 20;
/** Document 3 §8, developer dashboard load failures. */
export const USER_LOGS_LOAD_ERROR = 'Errore nel caricamento dei user logs';

function hasOperations(log: LogRow): boolean {
  return Array.isArray(log.details.operations);
}

/**
 * User Logs (document 3 §2.6, §5, §9): the shared activity-log viewer with a date range (to the end of the day,
 * default today), the §9 action and module filters, 'Pulisci', 20 per page, and the CSV details of a log.
 */
export function UserLogsPanel({ shop, notify }: { shop: Shop; notify: Notify }) {
  const [csvLog, setCsvLog] = useState<LogRow | undefined>();
  if (shop.userIdMissing) {
    return (
      <p className="form-error" role="alert">
        {noUserIdMessage(shop.name || shop.id)}
      </p>
    );
  }
  return (
    <>
      <ActivityLogViewer
        logKey={shop.userId}
        pageSize={USER_LOG_PAGE_SIZE}
        dateMode="range"
        actions={USER_LOG_FILTER_ACTIONS}
        modules={USER_LOG_FILTER_MODULES}
        clearLabel="Pulisci"
        loadError={USER_LOGS_LOAD_ERROR}
        filteredActions={(rows) => <FlagFiltered shop={shop} rows={rows} notify={notify} />}
        rowActions={(log) =>
          hasOperations(log) ? (
            <button type="button" className="button" onClick={() => setCsvLog(log)}>
              Dettagli CSV
            </button>
          ) : null
        }
      />
      <CsvLogModal shop={shop} log={csvLog} onClose={() => setCsvLog(undefined)} notify={notify} />
    </>
  );
}
