import { InvitationCreate } from '@tamaq/contract/invitations';
import { Button, Form, Input, message, Modal, Typography, type InputRef } from 'antd';
import { i18n } from '../i18n/texts.ts';
import { fromSchema } from './form-rules.ts';
import { useFormSubmit } from './form-errors.ts';
import { callEndpoint } from '../lib/endpoint-client.ts';
import { useDialogField } from './dialog-focus.ts';

const t = i18n.invitation.modal;
const emailRules = [fromSchema(InvitationCreate.shape.email)];

export const inviteParent = (body: InvitationCreate) => callEndpoint('invitations', 'invite', { body });

type Values = { email: string };

/**
 * docs/product.md "Users"/§2.12: the users and pupils lists invite a pupil's parent by e-mail. Every server
 * error lands under the e-mail field (a refused pupil has no field of its own here).
 */
export function InviteParentModal({
  userId,
  userName,
  open,
  onClose,
}: {
  userId: number;
  userName: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { onFinish, submitting } = useFormSubmit(
    form,
    ({ email }: Values) => inviteParent({ email: email.trim(), user_id: userId }).then(() => email.trim()),
    {
      fallbackField: 'email',
      onSuccess: (email) => {
        void message.success(t.sent(email));
        form.resetFields();
        onClose();
      },
    },
  );
  const [emailRef, emailShown] = useDialogField<InputRef>();
  const cancel = () => {
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t.title(userName)}
      onCancel={cancel}
      afterOpenChange={emailShown}
      forceRender
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={submitting} onClick={() => form.submit()}>
          {t.submit}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish} data-testid="invite-parent-form">
        <Form.Item name="email" label={t.email} rules={emailRules} required>
          <Input ref={emailRef} type="email" autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
