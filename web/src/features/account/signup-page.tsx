import type { RegisterBody } from '@tamaq/contract/auth';
import { Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { setToken } from '../../lib/session.ts';
import { confirmRegister } from './api/confirm-register.ts';
import { register } from './api/register.ts';
import { AuthCard } from './auth-card.tsx';
import { CodeStep } from './code-step.tsx';
import { SignupDetailsStep, type SignupDetails } from './signup-details-step.tsx';

const t = i18n.signup;
type Sent = { body: RegisterBody; resendAt: number };

/** docs/product.md "Sign-up": details, then the e-mailed code; success signs in, resets the form and opens `/`. */
export function SignupPage() {
  const [form] = Form.useForm<SignupDetails>();
  const navigate = useNavigate();
  // The details stay in memory for "send again", which repeats step 1 with the same body.
  const [sent, setSent] = useState<Sent | null>(null);

  const sendDetails = async (body: RegisterBody) => {
    const { resendAfterSeconds } = await register(body);
    setSent({ body, resendAt: Date.now() + resendAfterSeconds * 1000 });
  };

  const confirm = async (code: string) => {
    if (!sent) return;
    const { access_token } = await confirmRegister({ email: sent.body.email, code });
    setToken(access_token);
    setSent(null);
    form.resetFields();
    await navigate('/', { replace: true });
  };

  return (
    <AuthCard title={t.title} width={460}>
      {sent ? (
        <CodeStep
          email={sent.body.email}
          submitLabel={t.confirm}
          onSubmit={confirm}
          resendAt={sent.resendAt}
          onResend={() => register(sent.body)}
          onResent={(resendAt) => setSent({ ...sent, resendAt })}
          onBack={{ label: t.back, run: () => setSent(null) }}
        />
      ) : (
        <SignupDetailsStep form={form} onSubmit={sendDetails} />
      )}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        {t.haveAccount} <Link to="/login">{i18n.login.submit}</Link>
      </div>
    </AuthCard>
  );
}
