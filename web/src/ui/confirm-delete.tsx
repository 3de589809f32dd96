import { DeleteOutlined } from '@ant-design/icons';
import { Button, message, Modal, Popconfirm } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { i18n } from '../i18n/texts.ts';
import { errorText } from '../lib/api-error.ts';

export interface ConfirmDeleteProps {
  /** The question, e.g. 'Вы действительно желаете удалить столовую?' */
  title: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  disabled?: boolean;
  /** Accessible name and tooltip of the icon button. */
  label?: string;
}

/**
 * The delete button of every list row: asks first, shows a spinner while the server works and
 * the server's reason when it refuses (e.g. "the class still has pupils").
 */
export function ConfirmDelete({ title, onConfirm, disabled, label = i18n.ui.deleteAction }: ConfirmDeleteProps) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The question takes the focus («Отмена», so that a second Enter deletes nothing) and gives it back
  // to the button that asked when it closes, unless the person has moved on to another control.
  const close = () => {
    setOpen(false);
    const now = document.activeElement;
    if (!now || now === document.body || now.closest('.ant-popover')) trigger.current?.focus();
  };
  // antd closes the question on Esc only while the focus is on its button; here it is inside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  // Returning the promise lets Popconfirm spin its OK button and close when done; a failure is
  // reported here and swallowed, otherwise antd would leave it unhandled.
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={title}
      okText={i18n.ui.yes}
      cancelText={i18n.ui.cancel}
      okButtonProps={{ danger: true }}
      cancelButtonProps={{ autoFocus: true }}
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      onConfirm={confirm}
      disabled={disabled || busy}
    >
      <Button
        ref={trigger}
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        title={label}
        loading={busy}
        disabled={disabled}
      />
    </Popconfirm>
  );
}

export interface ConfirmActionOptions {
  title: ReactNode;
  content?: ReactNode;
  onOk: () => Promise<unknown> | void;
  okText?: string;
  danger?: boolean;
}

/**
 * A confirmation dialog for actions other than delete (unlink a card, change its use count).
 * Resolves true when confirmed and done, false when cancelled or failed (the error is shown).
 */
export function confirmAction({
  title,
  content,
  onOk,
  okText = i18n.ui.yes,
  danger,
}: ConfirmActionOptions): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title,
      content,
      okText,
      cancelText: i18n.ui.cancel,
      okButtonProps: { danger: !!danger },
      onOk: async () => {
        try {
          await onOk();
          resolve(true);
        } catch (err) {
          void message.error(errorText(err));
          resolve(false);
        }
      },
      onCancel: () => resolve(false),
    });
  });
}
