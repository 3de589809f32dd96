import type { SetupConfirmBody } from '@tamaq/contract/auth';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { ApiError } from '../../lib/api-error.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { setToken } from '../../lib/session.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

type Values = Pick<SetupConfirmBody, 'password' | 'password_confirmation'>;

/**
 * The page of a new admin's invitation (the link in the mail carries the e-mail and its code): the
 * password twice, then signed in on the start screen. A dead link says how to get a password anyway.
 */
export function SetupPasswordPage() {
  const t = i18n.setup;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const [form] = Form.useForm<Values>();
  const { onFinish, submitting, alert } = useAlertSubmit(
    form,
    async (values: Values) => {
      const { access_token } = await callEndpoint('auth', 'confirmSetup', { body: { ...values, email, code } });
      setToken(access_token);
      await navigate('/', { replace: true });
    },
    // The link's own problem belongs to no field of the form: said above it.
    { explain: (err) => (err instanceof ApiError ? err.validationErrors?.code?.[0] : undefined) },
  );
  const whole = email !== '' && /^[A-Za-z0-9_-]{43}$/.test(code);
  return (
    <AuthCard title={t.title}>
      {whole ? (
        <Form form={form} layout="vertical" onFinish={onFinish} data-testid="setup-password-form">
          <Typography.Paragraph>{t.hint}</Typography.Paragraph>
          <FormAlert text={alert} />
          <Form.Item label={i18n.fields.email}>
            <Input value={email} readOnly autoComplete="username" />
          </Form.Item>
          <NewPasswordFields autoFocus />
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t.submit}
          </Button>
        </Form>
      ) : (
        <Alert type="warning" showIcon title={t.noLink} />
      )}
      <div style={{ marginTop: 12 }}>
        <Link to="/recovery">{t.recovery}</Link>
      </div>
    </AuthCard>
  );
}
