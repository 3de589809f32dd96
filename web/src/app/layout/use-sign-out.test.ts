import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/session.ts';
import { useSignOut } from './use-sign-out.ts';

const navigate = vi.fn((_to: string, _opts?: unknown) => Promise.resolve());
vi.mock('react-router', () => ({ useNavigate: () => navigate }));

afterEach(() => {
  localStorage.clear();
  navigate.mockClear();
});

describe('useSignOut', () => {
  it('leaves the page only after the event handler that asked for it (Enter on a menu item)', async () => {
    setToken('tok');
    // A plain call: useNavigate is mocked, so the hook needs no React tree here.
    const signOut = useSignOut();
    const done = signOut();
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');
    await done;
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, flushSync: true });
    expect(getToken()).toBeNull();
  });
});
