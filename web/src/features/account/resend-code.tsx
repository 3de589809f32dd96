import type { CodeSent } from '@tamaq/contract/auth';
import { App, Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';

/** Seconds until `availableAt` (ms), never below zero. */
export const secondsLeft = (availableAt: number, now: number) => Math.max(0, Math.ceil((availableAt - now) / 1000));

type Props = { availableAt: number; onResend: () => Promise<CodeSent>; onSent: (availableAt: number) => void };

/** "Send the code again": disabled with a countdown until the server allows another code. */
export function ResendCode({ availableAt, onResend, onSent }: Props) {
  const { message } = App.useApp();
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const left = secondsLeft(availableAt, now);

  useEffect(() => {
    if (left === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  if (left > 0) {
    return (
      <Typography.Text type="secondary" data-testid="resend-wait">
        {i18n.code.resendIn(left)}
      </Typography.Text>
    );
  }
  const resend = async () => {
    setSending(true);
    try {
      const { resendAfterSeconds } = await onResend();
      onSent(Date.now() + resendAfterSeconds * 1000);
      setNow(Date.now());
      void message.success(i18n.code.resent);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <Button type="link" onClick={resend} loading={sending} style={{ padding: 0 }} data-testid="resend-code">
      {i18n.code.resend}
    </Button>
  );
}
