import type { Brand } from '@tamaq/contract/brand';
import { APP_VERSION } from '@tamaq/contract/constants';
import { Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';

/** Spec 1 §1: © year and brand, the privacy policy, the version. */
export function AppFooter({ brand }: { brand: Brand | undefined }) {
  return (
    <Layout.Footer data-testid="footer" style={{ textAlign: 'center', padding: '16px 24px' }}>
      <Space
        separator={<Typography.Text type="secondary">·</Typography.Text>}
        wrap
        style={{ justifyContent: 'center' }}
      >
        <Typography.Text type="secondary">
          © {new Date().getFullYear()} {brand?.copyright}
        </Typography.Text>
        <Link to="/privacy">{ru.footer.privacy}</Link>
        <Typography.Text type="secondary">{ru.footer.version(APP_VERSION)}</Typography.Text>
      </Space>
    </Layout.Footer>
  );
}
