import type { CodeSent, RecoveryConfirmBody } from '@tamaq/contract/auth';
import { Alert, Button, Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { ResendCode } from './resend-code.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { rules } from './rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

type Props = {
  email: string;
  onSubmit: (body: RecoveryConfirmBody) => Promise<void>;
  resendAt: number;
  onResend: (email: string) => Promise<CodeSent>;
  onResent: (at: number) => void;
};

/** Recovery step 2 (docs/product.md "Password recovery"): e-mail, new password twice, the code, "Сменить пароль". */
export function RecoveryConfirmStep({ email, onSubmit, resendAt, onResend, onResent }: Props) {
  const [form] = Form.useForm<RecoveryConfirmBody>();
  const { onFinish, submitting, alert } = useAlertSubmit(form, onSubmit);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ email }}
      onFinish={onFinish}
      data-testid="recovery-confirm-form"
    >
      <Alert type="success" showIcon title={i18n.code.sentTo(email)} style={{ marginBottom: 16 }} />
      <FormAlert text={alert} />
      <Form.Item name="email" label={i18n.fields.email} rules={rules.email} required>
        <Input type="email" autoComplete="username" />
      </Form.Item>
      <NewPasswordFields autoFocus />
      <Form.Item name="code" label={i18n.fields.code} rules={rules.code} required>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={i18n.fields.codePlaceholder}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {i18n.recovery.submit}
      </Button>
      <div style={{ marginTop: 12 }}>
        <ResendCode
          availableAt={resendAt}
          onResend={() => onResend(form.getFieldValue('email') || email)}
          onSent={onResent}
        />
      </div>
    </Form>
  );
}
