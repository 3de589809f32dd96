import type { PasswordChangeBody } from '@tamaq/contract/profile';
import { App, Button, Card, Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { changePasswordAndKeepSession } from './api/change-password.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { rules } from './rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

const t = i18n.password;

/** docs/product.md "Profile and password" 'Смена пароля': current, new, repeat. Other sessions of the user end (docs/domain.md). */
export function PasswordPage() {
  const [form] = Form.useForm<PasswordChangeBody>();
  const { message } = App.useApp();
  const { onFinish, submitting, alert } = useAlertSubmit(form, async (values) => {
    await changePasswordAndKeepSession(values);
    form.resetFields();
    void message.success(t.saved);
  });
  return (
    <Card title={t.title} style={{ maxWidth: 640, margin: '0 auto' }} data-testid="password-page">
      <FormAlert text={alert} />
      <Form form={form} layout="vertical" onFinish={onFinish} data-testid="password-form">
        <Form.Item name="password_current" label={i18n.fields.currentPassword} rules={rules.required} required>
          {/* The page is this form alone: the focus starts in its first field. */}
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t.submit}
        </Button>
      </Form>
    </Card>
  );
}
