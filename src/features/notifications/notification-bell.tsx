import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '@/components/ui/icons';
import { NO_NOTIFICATIONS, type AppNotification } from '@/domain/notifications/notifications';
import { formatDate } from '@/lib/format';
import { useNotifications } from './use-notifications';
import './notifications.css';

const KIND_LABELS: Record<Exclude<AppNotification['kind'], 'announcement'>, string> = { licence: 'Licenza', tickets: 'Ticket', 'sdi-due': 'Fatture' };

/** The top bar's bell: unread count, the list, mark read (document 1 §2, §4). */
export function NotificationBell({ uid, dueShopId }: { uid: string; dueShopId?: string }) {
  const { notifications, read, unread, markRead } = useNotifications(uid, dueShopId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const label = unread > 0 ? `Notifiche: ${unread} non lette` : 'Notifiche: nessuna non letta';
  return (
    <div className="bell-root" ref={rootRef}>
      <button ref={buttonRef} type="button" className="icon-button bell" aria-label={label} title="Notifiche" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <BellIcon />
        {unread > 0 ? (
          <span className="bell__count" aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="bell-panel" role="region" aria-label="Notifiche">
          <div className="bell-panel__header">
            <h2>Notifiche</h2>
            {unread > 0 ? (
              <button type="button" className="button button--ghost" onClick={() => markRead(notifications.map((n) => n.id))}>
                Segna tutte come lette
              </button>
            ) : null}
          </div>
          {notifications.length === 0 ? (
            <p className="muted bell-panel__empty">{NO_NOTIFICATIONS}</p>
          ) : (
            <ul className="bell-list">
              {notifications.map((n) => {
                const isRead = read.has(n.id);
                return (
                  <li key={n.id} className={`bell-item bell-item--${n.tone}${isRead ? '' : ' bell-item--unread'}`} data-testid="notification">
                    <p className="bell-item__text">
                      {isRead ? null : <span className="visually-hidden">Non letta: </span>}
                      {n.text}
                    </p>
                    <p className="bell-item__meta">
                      <span>{n.kind === 'announcement' ? `Annuncio · ${formatDate(n.date)}` : KIND_LABELS[n.kind]}</span>
                      {isRead ? null : (
                        <button type="button" className="button button--ghost" onClick={() => markRead([n.id])}>
                          Segna come letta
                        </button>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
