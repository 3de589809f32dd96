import type { EmailBody } from '@tamaq/contract/auth';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { isApiError } from '../../lib/api-client.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { rules } from './rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

const t = i18n.recovery;

/** Recovery step 1: the e-mail to send the code to, and a way back to login. */
export function RecoveryRequestStep({ onSubmit }: { onSubmit: (body: EmailBody) => Promise<void> }) {
  const [form] = Form.useForm<EmailBody>();
  const { onFinish, submitting, alert } = useAlertSubmit(form, onSubmit, {
    // docs/product.md "Errors": a 401 here reads as a bad login, like on the login page.
    explain: (err) => (isApiError(err) && err.status === 401 ? t.badCredentials : undefined),
  });
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="recovery-request-form">
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <FormAlert text={alert} />
      <Form.Item name="email" label={i18n.fields.email} rules={rules.email} required>
        <Input type="email" autoComplete="email" autoFocus size="large" />
      </Form.Item>
      <Flex vertical gap={8}>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t.continue}
        </Button>
        <LinkButton to="/login" block size="large">
          {i18n.common.toLogin}
        </LinkButton>
      </Flex>
    </Form>
  );
}
