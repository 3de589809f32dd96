import type { EmailBody, RecoveryConfirmBody } from '@tamaq/contract/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { setToken } from '../../lib/session.ts';
import { confirmRecovery } from './api/confirm-recovery.ts';
import { requestRecovery } from './api/request-recovery.ts';
import { AuthCard } from './auth-card.tsx';
import { RecoveryConfirmStep } from './recovery-confirm-step.tsx';
import { RecoveryRequestStep } from './recovery-request-step.tsx';

type Sent = { email: string; resendAt: number };

/** docs/product.md "Password recovery": ask for a code by e-mail, then set a new password with it; success signs in. */
export function RecoveryPage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState<Sent | null>(null);

  const request = async ({ email }: EmailBody) => {
    const { resendAfterSeconds } = await requestRecovery({ email });
    setSent({ email, resendAt: Date.now() + resendAfterSeconds * 1000 });
  };

  const confirm = async (body: RecoveryConfirmBody) => {
    const { access_token } = await confirmRecovery({ ...body, code: body.code.trim() });
    setToken(access_token);
    await navigate('/', { replace: true });
  };

  return (
    <AuthCard title={i18n.recovery.title}>
      {sent ? (
        <RecoveryConfirmStep
          email={sent.email}
          onSubmit={confirm}
          resendAt={sent.resendAt}
          onResend={(email) => requestRecovery({ email })}
          onResent={(resendAt) => setSent({ ...sent, resendAt })}
        />
      ) : (
        <RecoveryRequestStep onSubmit={request} />
      )}
      {sent && (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{i18n.common.backToLogin}</Link>
        </div>
      )}
    </AuthCard>
  );
}
