import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginEntry } from './app/login-entry.tsx';
import { speakKazakh } from '@tamaq/contract/languages';
import { chosenLanguage } from './i18n/language.ts';
import { loadShellTexts } from './i18n/shell-texts.ts';
import { networkError } from './lib/api-error.ts';
import { catchInstallPrompt } from './lib/install-prompt.ts';
import { readToken } from './lib/session.ts';

catchInstallPrompt();
const root = createRoot(document.getElementById('root')!);
const language = chosenLanguage();
document.documentElement.lang = language;
// The contract's own texts (field messages, the scan's refusals) follow, before any screen reads them.
if (language === 'kk') speakKazakh();

/**
 * The app loads on demand: antd, the router and the screens are not part of the sign-in page. In
 * another language than Russian its texts load first, since its screens read them as they load.
 */
async function startApp() {
  if (language !== 'ru') {
    const { loadTexts } = await import('./i18n/texts.ts');
    await Promise.all([loadTexts(language), loadShellTexts(language)]);
  }
  const { App } = await import('./app/app.tsx');
  root.render(<App />);
}

function showSignIn() {
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
}

if (window.location.pathname === '/login' && !readToken()) void loadShellTexts(language).then(showSignIn);
else void startApp();
