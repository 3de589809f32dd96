import type { CodeSent } from '@tamaq/contract/auth';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { ResendCode } from './resend-code.tsx';
import { rules } from './rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

type Props = {
  email: string;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (code: string) => Promise<void>;
  explain?: (err: unknown) => string | undefined;
  resendAt: number;
  onResend: () => Promise<CodeSent>;
  onResent: (at: number) => void;
  onBack?: { label: string; run: () => void };
};

/** The second step of sign-up and account removal: the 6-digit code from the e-mail. */
export function CodeStep({
  email,
  submitLabel,
  danger,
  onSubmit,
  explain,
  resendAt,
  onResend,
  onResent,
  onBack,
}: Props) {
  const [form] = Form.useForm<{ code: string }>();
  const { onFinish, submitting, alert } = useAlertSubmit(form, ({ code }) => onSubmit(code.trim()), { explain });
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="code-form">
      <Alert type="success" showIcon title={i18n.code.sentTo(email)} style={{ marginBottom: 16 }} />
      <FormAlert text={alert} />
      <Form.Item name="code" label={i18n.fields.code} rules={rules.code} required>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={i18n.fields.codePlaceholder}
          autoFocus
          size="large"
        />
      </Form.Item>
      <Button type="primary" danger={danger} htmlType="submit" block size="large" loading={submitting}>
        {submitLabel}
      </Button>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
        <ResendCode availableAt={resendAt} onResend={onResend} onSent={onResent} />
        {onBack && (
          <Button type="link" onClick={onBack.run} style={{ padding: 0 }}>
            {onBack.label}
          </Button>
        )}
      </Flex>
    </Form>
  );
}
