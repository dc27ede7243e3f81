import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Red confirm button for what cannot be undone. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question on the shared modal (alertdialog): Annulla gets the focus, so Enter never confirms by accident. */
export function ConfirmDialog({ open, title, message, confirmLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" data-autofocus onClick={onCancel}>
            Annulla
          </button>
          <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="notice-text">{message}</p>
    </Modal>
  );
}
