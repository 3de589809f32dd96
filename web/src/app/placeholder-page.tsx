import { ToolOutlined } from '@ant-design/icons';
import { Button, Result, theme } from 'antd';
import { Link } from 'react-router';
import { ru } from '../i18n/ru.ts';

/** Shown inside the layout for a route whose screen is not written yet: never a blank page. */
export function PlaceholderPage() {
  const { token } = theme.useToken();
  return (
    <div data-testid="placeholder">
      <Result
        icon={<ToolOutlined style={{ color: token.colorPrimary }} />}
        title={ru.common.inDevelopment}
        subTitle={ru.common.inDevelopmentText}
        extra={
          <Link to="/">
            <Button type="primary">{ru.common.toHome}</Button>
          </Link>
        }
      />
    </div>
  );
}
