import { InvitationConfirm, InvitationNewAccount, type InvitationInfo } from '@tamaq/contract/invitations';
import { Button, Checkbox, Form, Input, Typography, type FormRule } from 'antd';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { isApiError } from '../../lib/api-client.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { fromSchema } from '../../ui/form-rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';
import { confirmInvitation } from './api/confirm-invitation.ts';
import { invitationError } from './invitation-error.ts';

const t = i18n.invitation.page;

const rules = {
  name: [fromSchema(InvitationNewAccount.shape.name)],
  newPassword: [fromSchema(InvitationNewAccount.shape.password)],
  password: [fromSchema(InvitationConfirm.shape.password)],
  consent: [
    {
      validator: async (_: unknown, value: unknown) => {
        if (value !== true) throw new Error(i18n.signup.consentRequired);
      },
    },
  ] as FormRule[],
};

type Values = { name?: string; password: string; consent: boolean };

/**
 * docs/product.md public page, the form: a new parent gives a name and a password; a parent who already has
 * an account (`account_exists`) gives only that account's password. Consent is required either way.
 */
export function InvitationForm({
  code,
  invitation,
  onAccepted,
}: {
  code: string;
  invitation: InvitationInfo;
  onAccepted: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const existing = invitation.account_exists;
  const { onFinish, submitting, alert } = useAlertSubmit(
    form,
    async ({ name, password }: Values) => {
      await confirmInvitation({ code, name: existing ? null : (name ?? null), password });
      onAccepted();
    },
    { explain: (err) => (isApiError(err) && err.validationErrors ? undefined : invitationError(err)) },
  );

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="invitation-form" requiredMark={false}>
      <Typography.Paragraph type="secondary">{existing ? t.existingAccount : t.newAccount}</Typography.Paragraph>
      <FormAlert text={alert} />
      {/* Lets a password manager file the password under the parent's e-mail. */}
      <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
      {!existing && (
        <Form.Item name="name" label={t.name} rules={rules.name}>
          <Input autoComplete="name" size="large" />
        </Form.Item>
      )}
      <Form.Item
        name="password"
        label={existing ? t.existingPassword : t.password}
        rules={existing ? rules.password : rules.newPassword}
      >
        <Input.Password autoComplete={existing ? 'current-password' : 'new-password'} size="large" />
      </Form.Item>
      <Form.Item name="consent" valuePropName="checked" rules={rules.consent}>
        <Checkbox data-testid="consent">
          {i18n.signup.consentPrefix}
          <Link to="/privacy" target="_blank">
            {i18n.signup.consentLink}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t.submit}
      </Button>
      {existing && (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/recovery">{t.forgot}</Link>
        </div>
      )}
    </Form>
  );
}
