import { PUBLIC_ROUTES, ROUTE_ROLES, type GuardedRoute } from '@tamaq/contract/routes';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireModule, RequireRole, RequireSession } from './guards.tsx';
import { HomeRedirect } from './home-redirect.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { SCREENS, type RoutePattern } from './screens.tsx';
import { SessionWatcher } from './session-watcher.tsx';

// The signed-in frame (menus, drawer, profile) loads on demand: the sign-in page, the first page
// every user opens on a slow school line, does not download it.
const AppLayout = lazy(async () => ({ default: (await import('./layout/app-layout.tsx')).AppLayout }));

/** The registered screen of a pattern. */
/** The screens that read a scan made while the page loaded (their scanner takes the early keys). */
const EARLY_KEY_SCREENS: ReadonlySet<RoutePattern> = new Set(['/school/fixation', '/fixation', '/books/issuance']);

function ScreenSlot({ pattern }: { pattern: RoutePattern }) {
  const Screen = SCREENS[pattern];
  // Runs once the screen has shown (after its own effects): any other screen drops the keys pressed
  // while the page loaded, so a later scanning screen never reads them as a scan.
  useEffect(() => {
    // (The global of public/early-keys.js, called directly: lib/early-keys.ts stays out of this chunk.)
    if (!EARLY_KEY_SCREENS.has(pattern)) window.__tamaqEarlyKeys?.take();
  }, [pattern]);
  return <Screen />;
}

// Errors render inside the layout (errorElement on each page), so the navigation stays usable.
const page = (pattern: RoutePattern, element: ReactNode): RouteObject => ({
  path: pattern,
  element,
  errorElement: <RouteError />,
});

const guardedRoutes = (Object.keys(ROUTE_ROLES) as GuardedRoute[]).map((pattern) =>
  page(
    pattern,
    <RequireRole roles={ROUTE_ROLES[pattern]}>
      <RequireModule route={pattern}>
        <ScreenSlot pattern={pattern} />
      </RequireModule>
    </RequireRole>,
  ),
);

const publicRoutes = PUBLIC_ROUTES.map((pattern) => page(pattern, <ScreenSlot pattern={pattern} />));

/**
 * Every route comes from the contract's route map (docs/product.md "Access"): public pages in the public frame,
 * `/` for any session, each guarded pattern behind its roles, anything else back to `/`.
 */
export const routes: RouteObject[] = [
  {
    element: <SessionWatcher />,
    errorElement: <RouteError />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      {
        element: (
          <RequireSession>
            <Suspense fallback={<PageSpinner />}>
              <AppLayout />
            </Suspense>
          </RequireSession>
        ),
        children: [{ path: '/', element: <HomeRedirect />, errorElement: <RouteError /> }, ...guardedRoutes],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
