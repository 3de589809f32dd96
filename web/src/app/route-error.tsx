import { WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useRouteError } from 'react-router';
import { i18n } from '../i18n/texts.ts';

/**
 * Catches what a screen throws while rendering or loading its chunk (a new deployment removes the
 * old chunks), so the user gets a way forward instead of a white page. It is in the first download
 * (a chunk that failed to load cannot be followed by another), so it is built from parts the sign-in
 * page already has rather than antd's Result.
 */
export function RouteError() {
  const error = useRouteError();
  const { token } = theme.useToken();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }} role="alert">
      <WarningFilled style={{ fontSize: 64, color: token.colorWarning }} />
      <div style={{ fontSize: 24, color: token.colorTextHeading }}>{i18n.common.crashTitle}</div>
      <div style={{ color: token.colorTextSecondary }}>{i18n.common.crashText}</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {i18n.common.reload}
      </Button>
    </Flex>
  );
}
