import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ConnectionNotice } from './connection-notice';

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
 * Gives the focus back to the control that opened the dialog, when it is still on the page and the focus would
 * otherwise be lost (on the body, or inside the dialog that is going away).
 */
function returnFocus(opener: HTMLElement | null, dialog: HTMLDialogElement): void {
  if (!opener?.isConnected) return;
  const active = document.activeElement;
  if (active === null || active === document.body || dialog.contains(active) || !dialog.isConnected) opener.focus();
}

/**
 * Modal on the native <dialog>: the browser traps focus, Esc closes it, and focus returns to the opener — also
 * when the caller removes the dialog while it is open (`{editing ? <Modal open … /> : null}`), where the browser
 * alone would leave the focus on the body.
 */
export function Modal({ open, title, onClose, children, role = 'dialog', footer, size = 'normal' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus runs while the dialog is still closed: focus the marked control once it is open.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener.current, dialog);
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.open) return;
      dialog.close();
      returnFocus(opener.current, dialog);
    };
  }, []);
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
      <div className="modal__body">
        {/* The page behind a modal dialog is inert: the shell's connection banner is neither seen nor announced. */}
        {open ? <ConnectionNotice testId="connection-banner-dialog" /> : null}
        {open ? children : null}
      </div>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </dialog>
  );
}
