import { Modal } from '@/components/ui/modal';
import { useNotice } from '@/stores/notice';
import { navigateInApp } from './router';

export function NoticeDialog() {
  const { message, action, detail, close } = useNotice();
  return (
    <Modal
      open={message !== null}
      title="Attenzione"
      role="alertdialog"
      onClose={close}
      footer={
        <>
          {action ? (
            <a
              className="button"
              href={'href' in action ? action.href : action.to}
              onClick={(e) => {
                close();
                if ('to' in action) {
                  e.preventDefault();
                  navigateInApp(action.to);
                }
              }}
            >
              {action.label}
            </a>
          ) : null}
          <button type="button" className="button button--primary" onClick={close} data-autofocus>
            OK
          </button>
        </>
      }
    >
      <p className="notice-text">{message}</p>
      {detail ? <p className="notice-text">{detail}</p> : null}
    </Modal>
  );
}
