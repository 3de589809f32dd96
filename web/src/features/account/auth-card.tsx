import type { ReactNode } from 'react';
import { TOKENS } from '../../ui/tokens.ts';

/**
 * The centred card of a public account page; the public layout puts the brand above it. Plain
 * elements rather than antd's Card (which brings Tabs, Dropdown and Menu with it): the sign-in page
 * is the first download of every user and loads before antd.
 */
export function AuthCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <section
      aria-label={title}
      style={{
        width: '100%',
        maxWidth: width,
        padding: 28,
        background: TOKENS.bgContainer,
        border: `1px solid ${TOKENS.borderSecondary}`,
        borderRadius: TOKENS.radiusLG,
      }}
    >
      <h3
        style={{
          marginTop: 0,
          marginBottom: 24,
          textAlign: 'center',
          color: TOKENS.text,
          fontSize: 24,
          lineHeight: 1.33,
          fontWeight: 600,
        }}
      >
        {title}
      </h3>
      {children}
    </section>
  );
}
