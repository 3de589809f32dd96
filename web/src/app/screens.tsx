import type { GuardedRoute, PUBLIC_ROUTES } from '@tamaq/contract/routes';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type RoutePattern = GuardedRoute | (typeof PUBLIC_ROUTES)[number];
type Screen = LazyExoticComponent<ComponentType>;

/** Lazy-loads a named export, so screens keep named exports and each feature is its own chunk. */
const screen = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Screen =>
  lazy(async () => ({ default: pick(await load()) }));

/**
 * The one registry of screens: route pattern (exactly as in the contract's route map) -> screen.
 * A feature plugs a screen in with one line here; the router adds the role guard and the layout.
 * A pattern without an entry shows the "Раздел в разработке" placeholder inside the layout.
 */
export const SCREENS: Partial<Record<RoutePattern, Screen>> = {
  '/login': screen(
    () => import('../features/account/login-page.tsx'),
    (m) => m.LoginPage,
  ),
  '/signup': screen(
    () => import('../features/account/signup-page.tsx'),
    (m) => m.SignupPage,
  ),
  '/recovery': screen(
    () => import('../features/account/recovery-page.tsx'),
    (m) => m.RecoveryPage,
  ),
  '/profile/remove': screen(
    () => import('../features/account/remove-account-page.tsx'),
    (m) => m.RemoveAccountPage,
  ),
  '/profile': screen(
    () => import('../features/account/profile-page.tsx'),
    (m) => m.ProfilePage,
  ),
  '/password': screen(
    () => import('../features/account/password-page.tsx'),
    (m) => m.PasswordPage,
  ),
  '/download': screen(
    () => import('../features/landing/download-page.tsx'),
    (m) => m.DownloadPage,
  ),
  '/privacy': screen(
    () => import('../features/landing/privacy-page.tsx'),
    (m) => m.PrivacyPage,
  ),
};

/** What a student sees on `/`: there is no back office for that role (DOMAIN.md). */
export const StudentHome = SCREENS['/download']!;
