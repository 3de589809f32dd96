import { UserPasswordBody } from '@tamaq/contract/admin';
import { Alert, App, Breadcrumb, Button, Card, Form, Input } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { useSetUserPassword } from './api/set-user-password.ts';
import { useUser } from './api/get-user.ts';

const t = i18n.orgs.userPassword;
const passwordRules = [fromSchema(UserPasswordBody.shape.password)];

/** docs/product.md "Another user's password": the super admin gives a user a new password; that user's sessions end. */
export function UserPasswordPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  const [form] = Form.useForm<{ password: string }>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSetUserPassword();
  const { onFinish, submitting } = useFormSubmit(form, ({ password }) => save.mutateAsync({ id, password }), {
    onSuccess: () => {
      void message.success(t.saved);
      void navigate('/users');
    },
  });
  const title = user.data ? t.title(user.data.name) : t.titleLoading;

  return (
    <div data-testid="user-password-page" style={{ maxWidth: 640, margin: '0 auto' }}>
      <Breadcrumb style={{ marginBottom: 16 }} items={[{ title: <Link to="/users">{t.users}</Link> }, { title }]} />
      <Card title={title} loading={user.isPending}>
        {user.error && (
          <Alert
            type="error"
            showIcon
            title={t.loadFailed}
            description={errorText(user.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form form={form} layout="vertical" onFinish={onFinish} disabled={submitting}>
          <Form.Item name="password" label={t.password} rules={passwordRules} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
