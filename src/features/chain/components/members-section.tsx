/** The chain dashboard's member list: each shop of the group, and the master's removal of a member. */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Shop } from '@/data/shop';
import { italianError } from '@/lib/firebase-errors';
import { logActivity } from '@/stores/activity-log';
import { removeMember } from '../api';
import type { ChainContext } from './section-kit';

export function MembersSection({ context }: { context: ChainContext }) {
  const [confirm, setConfirm] = useState<Shop | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>(undefined);
  const remove = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      await removeMember(confirm.id);
      logActivity({ action: 'chain_member_removed', module: 'settings', details: { memberId: confirm.id, before: context.master.id, after: null } });
      setMessage({ kind: 'ok', text: `${confirm.name || confirm.id} non fa più parte del gruppo.` });
      context.reload();
    } catch (error) {
      setMessage({ kind: 'error', text: `Errore durante la rimozione: ${italianError(error)}` });
    } finally {
      setBusy(false);
      setConfirm(undefined);
    }
  };
  return (
    <>
      {message ? <p className={message.kind === 'ok' ? 'form-success' : 'form-error'} role="status">{message.text}</p> : null}
      {context.members.length === 0 ? <p className="muted">Nessun negozio fa ancora parte del gruppo.</p> : null}
      <ul className="chain-members">
        {context.members.map((m) => (
          <li key={m.id} className="chain-member" data-testid={`member-${m.id}`}>
            <span>
              <strong>{m.name || m.id}</strong> <span className="muted">{[m.city, m.province].filter(Boolean).join(' ')}</span>{' '}
              {context.sharing.includes(m) ? <span className="badge badge--info">Dati condivisi</span> : <span className="badge badge--warning">Dati non condivisi</span>}
            </span>
            <button type="button" className="button button--danger" onClick={() => setConfirm(m)} aria-label={`Rimuovi ${m.name || m.id} dal gruppo`}>
              Rimuovi
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirm !== undefined}
        title="Rimuovi dal gruppo"
        message={`Vuoi rimuovere ${confirm?.name || confirm?.id || ''} dal gruppo? Il negozio non condividerà più i suoi dati con il capogruppo.`}
        confirmLabel="Rimuovi"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirm(undefined)}
      />
    </>
  );
}
