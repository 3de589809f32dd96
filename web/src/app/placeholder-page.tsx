import { ToolOutlined } from '@ant-design/icons';
import { Result, theme } from 'antd';
import { ru } from '../i18n/ru.ts';
import { LinkButton } from '../ui/link-button.tsx';

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
          <LinkButton to="/" type="primary">
            {ru.common.toHome}
          </LinkButton>
        }
      />
    </div>
  );
}
