import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { ru } from '../i18n/ru.ts';

/**
 * Catches what a screen throws while rendering or loading its chunk (a new deployment removes the
 * old chunks), so the user gets a way forward instead of a white page.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Result
      status="warning"
      title={ru.common.crashTitle}
      subTitle={ru.common.crashText}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {ru.common.reload}
        </Button>
      }
    />
  );
}
