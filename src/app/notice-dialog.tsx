import { Modal } from '@/components/ui/modal';
import { useNotice } from '@/stores/notice';

export function NoticeDialog() {
  const { message, close } = useNotice();
  return (
    <Modal
      open={message !== null}
      title="Attenzione"
      role="alertdialog"
      onClose={close}
      footer={
        <button type="button" className="button button--primary" onClick={close} data-autofocus>
          OK
        </button>
      }
    >
      <p className="notice-text">{message}</p>
    </Modal>
  );
}
