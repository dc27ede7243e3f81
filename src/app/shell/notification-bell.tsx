import { BellIcon } from '@/components/ui/icons';

/** Notification bell; the list of notifications arrives with the notifications issue. */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread > 0 ? `Notifiche: ${unread} non lette` : 'Notifiche: nessuna non letta';
  return (
    <button type="button" className="icon-button bell" aria-label={label} title="Notifiche">
      <BellIcon />
      {unread > 0 ? (
        <span className="bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
