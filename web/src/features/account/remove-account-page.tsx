import type { EmailBody } from '@tamaq/contract/auth';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { isApiError } from '../../lib/api-client.ts';
import { clearToken } from '../../lib/session.ts';
import { confirmRemoval } from './api/confirm-removal.ts';
import { requestRemoval } from './api/request-removal.ts';
import { hasOwnWords, removalCodeError } from './removal-code-error.ts';
import { AuthCard } from './auth-card.tsx';
import { CodeStep } from './code-step.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { rules } from './rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

const t = i18n.removal;
type Sent = { email: string; resendAt: number };

/** docs/product.md account deletion: e-mail, then the code; success also signs this browser out. */
export function RemoveAccountPage() {
  const [form] = Form.useForm<EmailBody>();
  const [sent, setSent] = useState<Sent | null>(null);
  const [done, setDone] = useState(false);

  const request = async ({ email }: EmailBody) => {
    const answer = await requestRemoval({ email });
    if (!answer?.success) throw new Error(t.notFound); // "returns nothing" reads as not found too
    setSent({ email, resendAt: Date.now() + answer.resendAfterSeconds * 1000 });
  };
  const { onFinish, submitting, alert } = useAlertSubmit(form, request, {
    explain: (err) => (hasOwnWords(err) || (isApiError(err) && err.validationErrors) ? undefined : t.notFound),
  });

  const confirm = async (code: string) => {
    if (!sent) return;
    await confirmRemoval({ email: sent.email, code });
    clearToken();
    setDone(true);
  };

  if (done) {
    return (
      <AuthCard title={t.title}>
        <Result
          status="success"
          title={<span data-testid="removal-done">{t.done}</span>}
          extra={
            <LinkButton to="/login" type="primary">
              {i18n.common.toLogin}
            </LinkButton>
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title}>
      {sent ? (
        <CodeStep
          email={sent.email}
          submitLabel={t.submit}
          danger
          onSubmit={confirm}
          explain={removalCodeError}
          resendAt={sent.resendAt}
          onResend={() => requestRemoval({ email: sent.email })}
          onResent={(resendAt) => setSent({ ...sent, resendAt })}
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish} data-testid="removal-request-form">
          <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
          <Alert type="warning" showIcon title={t.consequences} style={{ marginBottom: 16 }} />
          <FormAlert text={alert} />
          <Form.Item name="email" label={i18n.fields.email} rules={rules.email} required>
            <Input type="email" autoComplete="email" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t.requestCode}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{i18n.common.backToLogin}</Link>
      </div>
    </AuthCard>
  );
}
