import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@tamaq/contract/auth';
import { Button, Flex, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { isApiError } from '../../lib/api-client.ts';
import { readToken, setToken } from '../../lib/session.ts';
import { login } from './api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { DENIED_PARAM, NEXT_PARAM, returnTarget } from './return-to.ts';
import { rules } from './rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

const t = ru.login;

/** Spec 1 §2.4: login or e-mail and password; back to the remembered page, else to `/`. */
export function LoginPage() {
  const [form] = Form.useForm<LoginBody>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const denied = params.get(DENIED_PARAM) === '1';

  const { onFinish, submitting, alert } = useAlertSubmit(
    form,
    async (values) => {
      const { access_token } = await login(values);
      setToken(access_token);
      const role = readToken()?.role;
      await navigate(role ? returnTarget(params.get(NEXT_PARAM), role) : '/', { replace: true });
    },
    { explain: (err) => (isApiError(err) && err.status === 401 ? t.badCredentials : undefined) },
  );

  return (
    <AuthCard title={t.title}>
      {!alert && <FormAlert type="info" text={denied ? t.denied : null} />}
      <FormAlert text={alert} />
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} data-testid="login-form">
        <Form.Item name="email" label={ru.fields.login} rules={rules.login}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="password" label={ru.fields.password} rules={rules.loginPassword}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t.submit}
          </Button>
        </Form.Item>
      </Form>
      <Flex justify="space-between" wrap gap={8}>
        <Link to="/recovery">{t.forgot}</Link>
        <span>
          {t.noAccount} <Link to="/signup">{t.toSignup}</Link>
        </span>
      </Flex>
    </AuthCard>
  );
}
