import type { Role } from '@tamaq/contract/roles';
import { hasModuleFor, moduleFor, type GuardedRoute } from '@tamaq/contract/routes';
import { StopOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../features/account/return-to.ts';
import { useSession } from '../lib/use-session.ts';
import { useProfile } from '../lib/profile.ts';
import { i18n } from '../i18n/texts.ts';
import { LinkButton } from '../ui/link-button.tsx';

/** Sends a visitor without a valid session to /login, remembering the page to come back to. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={loginPath(pathname + search)} replace />;
  return children;
}

/**
 * docs/product.md "Access": a route opens only for a signed-in user whose token role is in the route's list;
 * anyone else is sent to login (told why, when they were signed in). A parent is told there is no
 * access and shown the way home instead: a staff link in a chat or an old bookmark would otherwise
 * ask them for a staff account they do not have.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={loginPath(pathname + search)} replace />;
  if (!roles.includes(session.role)) {
    if (session.role === 'Parent') return <NoAccess />;
    return <Navigate to={loginPath(pathname + search, true)} replace />;
  }
  return children;
}

/** A signed-in parent at an address that is not theirs: why, and the way to their own page. */
function NoAccess() {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      gap={12}
      style={{ padding: '48px 24px', textAlign: 'center' }}
      role="alert"
      data-testid="no-access"
    >
      <StopOutlined style={{ fontSize: 64, color: token.colorTextTertiary }} />
      <h1 style={{ fontSize: 24, fontWeight: 'normal', color: token.colorTextHeading, margin: 0 }}>
        {i18n.common.noAccessTitle}
      </h1>
      <div style={{ color: token.colorTextSecondary, maxWidth: 480 }}>{i18n.common.noAccessText}</div>
      <LinkButton to="/" type="primary">
        {i18n.common.noAccessHome}
      </LinkButton>
    </Flex>
  );
}

/**
 * A screen of a module (the library) opens only for an organization that has it: the server refuses
 * its calls otherwise, so the screen says why instead of failing call by call. Until the profile is
 * known the screen shows (the layout has usually read it already).
 */
export function RequireModule({ route, children }: { route: GuardedRoute; children: ReactNode }) {
  const needed = moduleFor(route) !== undefined;
  const modules = useProfile(needed).data?.modules;
  const { token } = theme.useToken();
  if (!needed || !modules || hasModuleFor(modules, route)) return children;
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }} role="alert">
      <StopOutlined style={{ fontSize: 64, color: token.colorTextTertiary }} />
      <h1 style={{ fontSize: 24, fontWeight: 'normal', color: token.colorTextHeading, margin: 0 }}>
        {i18n.common.moduleOffTitle}
      </h1>
      <div style={{ color: token.colorTextSecondary }}>{i18n.common.moduleOffText}</div>
    </Flex>
  );
}
