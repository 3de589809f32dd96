import { chooseLanguage, chosenLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/language.ts';
import { PRIMARY, TOKENS } from '../../ui/tokens.ts';

/**
 * The languages side by side, the current one marked: a choice is kept on this browser (and, signed
 * in, in the profile) and the page loads again in it. Plain elements: it is on the sign-in page, which loads before antd.
 */
export function LanguageSwitch({ onChoose = chooseLanguage }: { onChoose?: (language: Language) => void }) {
  const current = chosenLanguage();
  return (
    <span data-testid="language-switch" style={{ display: 'inline-flex', gap: 8 }}>
      {LANGUAGES.map((language) =>
        language === current ? (
          <span key={language} lang={language} aria-current="true" style={{ color: TOKENS.text, fontWeight: 600 }}>
            {LANGUAGE_NAMES[language]}
          </span>
        ) : (
          <button
            key={language}
            type="button"
            lang={language}
            onClick={() => onChoose(language)}
            style={{
              background: 'none',
              border: 'none',
              padding: 0,
              font: 'inherit',
              color: PRIMARY,
              cursor: 'pointer',
              textDecoration: 'underline',
            }}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        ),
      )}
    </span>
  );
}
