import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginEntry } from './app/login-entry.tsx';
import { isFamilyPage } from '@tamaq/contract/family-pages';
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
          // A parent's start is the family's page, an app of its own: loaded as a page, not in this one.
          const target = to === '/' && readToken()?.role === 'Parent' ? '/download' : to;
          if (isFamilyPage(target.split('?')[0]!)) return window.location.assign(target);
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

const session = readToken();
if (window.location.pathname === '/login' && !session) void loadShellTexts(language).then(showSignIn);
// A parent's start (the installed app opens `/`) is the family's own page.
else if (session?.role === 'Parent' && window.location.pathname === '/') window.location.replace('/download');
else void startApp();
