import { Modal } from './modal.tsx';
import { buttonClass } from './ui.tsx';
import { texts } from '../texts.ts';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirm dialog of SPEC §4 for deleting a product or an image, and for what cannot be taken back. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="sm"
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onCancel} data-autofocus>
            {cancelLabel ?? texts.common.cancel}
          </button>
          <button type="button" className={buttonClass('danger')} onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? texts.common.delete}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{message}</p>
    </Modal>
  );
}
