import { i18n } from '../../i18n/texts.ts';
import './skip-link.css';

/** The id of the region that holds the screen, where the skip link sends the focus. */
export const CONTENT_ID = 'content';

/**
 * The first stop of the Tab key on every signed-in screen: «to the content», past the logo and the
 * menu, for whoever moves by keyboard or listens with a screen reader. The focus is moved by hand (no
 * `#content` in the address, which the router would take for a navigation).
 */
export function SkipLink() {
  return (
    <a
      className="tq-skip"
      href={`#${CONTENT_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(CONTENT_ID)?.focus();
      }}
    >
      {i18n.nav.skipToContent}
    </a>
  );
}
