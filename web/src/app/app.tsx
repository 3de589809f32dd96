import { StrictMode } from 'react';
// The DOM build of RouterProvider supports navigate(..., {flushSync}), which sign-out relies on.
import { RouterProvider } from 'react-router/dom';
import { configureStaticHolders, Providers } from './providers.tsx';
import { createRouter } from './router.tsx';

// Made when this module loads: after the sign-in page has put the target in the address.
const router = createRouter();
configureStaticHolders();

/** The whole app: data cache, antd, the router and every screen behind it. */
export function App() {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
