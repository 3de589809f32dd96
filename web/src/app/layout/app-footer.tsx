import type { Brand } from '@tamaq/contract/brand-list';
import { APP_VERSION } from '@tamaq/contract/constants';
import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { ru } from '../../i18n/ru.ts';

/**
 * Spec 1 §1: © year and brand, the privacy policy, the version. Plain elements on the theme's
 * tokens: the footer is on the sign-in page, whose download stays small (issue 12).
 */
export function AppFooter({ brand }: { brand: Brand | undefined }) {
  const { token } = theme.useToken();
  const secondary = { color: token.colorTextSecondary };
  return (
    <footer
      data-testid="footer"
      style={{ textAlign: 'center', padding: '16px 24px', background: token.colorBgLayout, fontSize: token.fontSize }}
    >
      <Flex wrap gap={8} justify="center">
        <span style={secondary}>
          © {new Date().getFullYear()} {brand?.copyright}
        </span>
        <span style={secondary}>·</span>
        <Link to="/privacy">{ru.footer.privacy}</Link>
        <span style={secondary}>·</span>
        <span style={secondary}>{ru.footer.version(APP_VERSION)}</span>
      </Flex>
    </footer>
  );
}
