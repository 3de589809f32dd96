import { TOKEN_STORAGE_KEY } from '@tamaq/contract/constants';
import type { Role } from '@tamaq/contract/roles';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const signIn = (role: Role) =>
  localStorage.setItem(
    TOKEN_STORAGE_KEY,
    `${b64({ alg: 'HS256' })}.${b64({ sub: '1', role, org: 1, school: null, tv: 0, sid: '5f0c2a52-7c8e-4b7e-9d3c-3f1a2b4c5d6e', sg: 1, exp: Date.now() / 1000 + 3600 })}.x`,
  );

async function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () => {
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return router;
}

/** The signed-in frame is a lazy chunk: in jsdom on a loaded machine it takes seconds to load. */
const LAYOUT_LOADS = { timeout: 15_000 };

const where = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;

// Every screen's code loaded first, and the frame's: a lazy screen still loading when a test ends
// was imported after the test world was torn down (it failed another file sharing the worker).
beforeAll(async () => {
  const chunks = import.meta.glob(['./layout/app-layout.tsx', '../features/**/*.tsx', '!../features/**/*.test.tsx']);
  await Promise.all(Object.values(chunks).map((load) => load()));
}, 60_000);

beforeEach(() => {
  // No server here: every call fails fast as a network error, which the shell must survive.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
});
afterEach(async () => {
  // The screen a test ends on is a lazy chunk too: it has loaded before the test's world is torn
  // down (a chunk still loading then failed a test file that had passed).
  await vi.waitFor(() => expect(document.querySelector('[data-testid="page-spinner"]')).toBeNull(), LAYOUT_LOADS);
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
}, 20_000);

// Each test may wait LAYOUT_LOADS for the frame: its own time limit must be longer (the default 5 s
// ended a test that was still waiting, in CI on a loaded machine).
describe('router', { timeout: 2 * LAYOUT_LOADS.timeout }, () => {
  it('sends a visitor without a session to login, remembering the page', async () => {
    const router = await open('/users?page=2');
    expect(where(router)).toBe('/login?next=%2Fusers%3Fpage%3D2');
  });

  it('sends a role that may not open a route to login, saying why', async () => {
    signIn('Cashier');
    const router = await open('/organizations');
    // The signed-in frame loads on demand; the guard inside it answers once it has.
    await vi.waitFor(() => expect(where(router)).toBe('/login?next=%2Forganizations&denied=1'), LAYOUT_LOADS);
  });

  it('sends each role from / to its start screen', async () => {
    signIn('SuperAdmin');
    const router = await open('/');
    await vi.waitFor(() => expect(where(router)).toBe('/organizations'), LAYOUT_LOADS);
  });

  it('keeps a student on / with the app landing', async () => {
    signIn('Student');
    const router = await open('/');
    expect(where(router)).toBe('/');
    expect(await screen.findByTestId('download-page', {}, LAYOUT_LOADS)).toBeTruthy();
  });

  it('sends unknown paths to /, and / to the role’s start screen', async () => {
    signIn('Economist');
    const router = await open('/no/such/page');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/report/fixations'), LAYOUT_LOADS);
  });

  it('sends the librarian from / to the issuance desk', async () => {
    signIn('EducationLibrarian');
    const router = await open('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/books/issuance'), LAYOUT_LOADS);
  });
});
