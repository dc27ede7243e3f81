import { Modal } from '@/components/ui/modal';
import { useNotice } from '@/stores/notice';
import { navigateInApp } from './router';

export function NoticeDialog() {
  const { message, action, close } = useNotice();
  return (
    <Modal
      open={message !== null}
      title="Attenzione"
      role="alertdialog"
      onClose={close}
      footer={
        <>
          {action ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                close();
                navigateInApp(action.to);
              }}
            >
              {action.label}
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={close} data-autofocus>
            OK
          </button>
        </>
      }
    >
      <p className="notice-text">{message}</p>
    </Modal>
  );
}
