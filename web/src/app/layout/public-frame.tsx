import type { Brand } from '@tamaq/contract/brand';
import { useState, type ReactNode } from 'react';
import type { LinkComponent } from '../../ui/link-type.tsx';
import { TOKENS } from '../../ui/tokens.ts';
import { AppFooter } from './app-footer.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { useScreenTitle } from './use-screen-title.ts';

/**
 * The frame of the public pages: the brand on top, the page's card centred below, the footer. Plain
 * elements (not antd's Layout, which brings the Sider along): the sign-in page draws it before antd
 * has loaded.
 */
export function PublicFrame({
  brand,
  link,
  children,
}: {
  brand: Brand | undefined;
  link: LinkComponent;
  children: ReactNode;
}) {
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useScreenTitle(brand, content);
  return (
    <div
      className="tq-public"
      style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: TOKENS.bgLayout }}
    >
      <main
        style={{
          flex: 'auto',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          padding: '40px 16px 16px',
        }}
      >
        <div style={{ marginBottom: 24, minHeight: 32 }}>
          <BrandLogo brand={brand} link={link} />
        </div>
        <div ref={setContent} style={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
          {children}
        </div>
      </main>
      <AppFooter brand={brand} link={link} />
    </div>
  );
}
