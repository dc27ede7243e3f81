/**
 * The mark of a row saved on this device and not yet confirmed by the server (a write made without a
 * connection stays in the browser's Firestore cache and is sent when the connection returns).
 */
export function PendingBadge({ testId }: { testId: string }) {
  return (
    <span className="badge badge--info" data-testid={testId} title="Modifica salvata su questo dispositivo, non ancora inviata al server">
      In attesa di invio
    </span>
  );
}
