import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginEntry } from './app/login-entry.tsx';
import { networkError } from './lib/api-error.ts';
import { readToken } from './lib/session.ts';

const root = createRoot(document.getElementById('root')!);

/** The app loads on demand: antd, the router and the screens are not part of the sign-in page. */
async function startApp() {
  const { App } = await import('./app/app.tsx');
  root.render(<App />);
}

if (window.location.pathname === '/login' && !readToken()) {
  root.render(
    <StrictMode>
      <LoginEntry
        onSignedIn={async (to) => {
          const here = window.location.pathname + window.location.search;
          window.history.replaceState(null, '', to);
          try {
            await startApp();
          } catch {
            // The app's files did not arrive (a lost line): stay on the form, which says so.
            window.history.replaceState(null, '', here);
            throw networkError();
          }
        }}
      />
    </StrictMode>,
  );
} else void startApp();
