import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for messages that need an answer. */
  role?: 'dialog' | 'alertdialog';
  footer?: ReactNode;
  /** 'wide' for forms with many fields. */
  size?: 'normal' | 'wide';
}

/**
 * Modal on the native <dialog>: the browser traps focus, Esc closes it, and focus returns to the opener.
 */
export function Modal({ open, title, onClose, children, role = 'dialog', footer, size = 'normal' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs while the dialog is still closed: focus the marked control once it is open.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={size === 'wide' ? 'modal modal--wide' : 'modal'}
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Chiudi" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="modal__body">{open ? children : null}</div>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </dialog>
  );
}
