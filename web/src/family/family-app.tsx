import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { AppFooter } from '../app/layout/app-footer.tsx';
import { BrandLogo } from '../app/layout/brand-logo.tsx';
import '../app/layout/skip-link.css';
import { useScreenTitle } from '../app/layout/use-screen-title.ts';
import { chooseForProfile, useProfileLanguage } from '../app/layout/use-profile-language.ts';
import { createQueryClient } from '../app/query-client.ts';
import { useTokenRefresh } from '../app/token-refresh.ts';
import { familyTexts } from '../i18n/family-texts.ts';
import { useBrand } from '../lib/brand.ts';
import { useProfile } from '../lib/profile.ts';
import { useToken } from '../lib/use-session.ts';
import type { LinkComponent } from '../ui/link-type.tsx';
import { FamilyHome } from './family-home.tsx';
import { signOut, useFamilySession } from './family-session.ts';

const CONTENT_ID = 'content';

/** A full page load: the family's page is one page; any other (the profile, the policy) is the staff app's. */
const FamilyLink: LinkComponent = ({ to, ...props }) => <a href={to === '/' ? '/download' : to} {...props} />;

/** The family's frame: the brand, who is signed in and the way out; the page; the footer. */
function FamilyFrame() {
  useFamilySession();
  useTokenRefresh(useToken());
  const brand = useBrand();
  const profile = useProfile().data;
  useProfileLanguage(profile);
  const [content, setContent] = useState<HTMLElement | null>(null);
  useScreenTitle(brand, content);
  const t = familyTexts.nav;
  return (
    <div className="tq-family">
      <a
        className="tq-skip"
        href={`#${CONTENT_ID}`}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(CONTENT_ID)?.focus();
        }}
      >
        {t.skipToContent}
      </a>
      <header className="tq-family-header">
        <BrandLogo brand={brand} link={FamilyLink} />
        <span className="tq-family-who" data-testid="family-who">
          {profile?.name}
        </span>
        <button type="button" className="tq-family-out" data-testid="sign-out" onClick={signOut}>
          {t.signOut}
        </button>
      </header>
      <main id={CONTENT_ID} tabIndex={-1} ref={setContent} className="tq-family-main">
        <FamilyHome />
      </main>
      <AppFooter brand={brand} link={FamilyLink} onChooseLanguage={chooseForProfile} />
    </div>
  );
}

/** The family's app: the parent's page in its frame, with the data cache. */
export function FamilyApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <FamilyFrame />
      </QueryClientProvider>
    </StrictMode>
  );
}
