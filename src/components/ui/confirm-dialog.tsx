import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  busy?: boolean;
}

/** A question that needs an answer (delete, irreversible steps): focus starts on 'Annulla', the safe choice. */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel, danger = false, busy = false }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} data-autofocus disabled={busy}>
            Annulla
          </button>
          <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} onClick={onConfirm} disabled={busy}>
            {busy ? 'Attendere…' : confirmLabel}
          </button>
        </>
      }
    >
      <p className="notice-text">{message}</p>
    </Modal>
  );
}
