import './family.css';
import { speakKazakh } from '@tamaq/contract/languages';
import { createRoot } from 'react-dom/client';
import { chosenLanguage } from '../i18n/language.ts';
import { loadFamilyTexts } from '../i18n/family-texts.ts';
import { loadShellTexts } from '../i18n/shell-texts.ts';
import { catchInstallPrompt } from '../lib/install-prompt.ts';
import { readToken } from '../lib/session.ts';
import { familyLoginPath } from './family-session.ts';

// The family's own page (docs/rules.md "The family's app"): a parent's phone loads this, not the
// staff app; the browser's offer to install the app may come before anything else has loaded.
catchInstallPrompt();
const language = chosenLanguage();
document.documentElement.lang = language;
if (language === 'kk') speakKazakh();

async function start() {
  if (language !== 'ru') await Promise.all([loadShellTexts(language), loadFamilyTexts(language)]);
  const { FamilyApp } = await import('./family-app.tsx');
  createRoot(document.getElementById('root')!).render(<FamilyApp />);
}

// Signed out, or signed in as someone who is not a parent: the sign-in page, as the staff app does.
const session = readToken();
if (!session) window.location.replace(familyLoginPath());
else if (session.role !== 'Parent') window.location.replace(familyLoginPath(true));
else void start();
