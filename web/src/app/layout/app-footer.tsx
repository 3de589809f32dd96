import type { Brand } from '@tamaq/contract/brand-list';
import { APP_VERSION } from '@tamaq/contract/constants';
import { shellTexts } from '../../i18n/shell-texts.ts';
import type { LinkComponent } from '../../ui/link-type.tsx';
import { TOKENS } from '../../ui/tokens.ts';
import type { Language } from '../../i18n/language.ts';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * docs/product.md "What it does": © year and brand, the privacy policy, the version, and the language. Plain
 * elements: the footer is on the
 * sign-in page, which loads before antd and the router.
 */
export function AppFooter({
  brand,
  link: To,
  onChooseLanguage,
}: {
  brand: Brand | undefined;
  /** The router's link in the staff app, a page load elsewhere (the sign-in page, the family's). */
  link: LinkComponent;
  /** How a switch of language is kept: signed in, in the person's profile. */
  onChooseLanguage?: (language: Language) => void;
}) {
  const secondary = { color: TOKENS.textSecondary };
  return (
    <footer
      data-testid="footer"
      style={{ textAlign: 'center', padding: '16px 24px', background: TOKENS.bgLayout, fontSize: TOKENS.fontSize }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
        <span style={secondary}>
          © {new Date().getFullYear()} {brand?.copyright}
        </span>
        <span style={secondary}>·</span>
        <To to="/privacy">{shellTexts.footer.privacy}</To>
        <span style={secondary}>·</span>
        <span style={secondary}>{shellTexts.footer.version(APP_VERSION)}</span>
        <span style={secondary}>·</span>
        <LanguageSwitch onChoose={onChooseLanguage} />
      </div>
    </footer>
  );
}
