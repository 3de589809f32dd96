import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The centred card of a public account page; the public layout puts the brand above it. Drawn from
 * the theme's tokens rather than antd's Card, which brings Tabs, Dropdown and Menu with it: the
 * sign-in page is the first download of every user (issue 12).
 */
export function AuthCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-label={title}
      style={{
        width: '100%',
        maxWidth: width,
        padding: 28,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <h3
        style={{
          marginTop: 0,
          marginBottom: 24,
          textAlign: 'center',
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {title}
      </h3>
      {children}
    </section>
  );
}
