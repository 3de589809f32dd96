import type { ComponentType, CSSProperties, ReactNode } from 'react';

/**
 * A link component: react-router's `Link` inside the app, a plain `<a href>` on the sign-in page that
 * loads before the router. Only the props both accept.
 */
export type LinkComponent = ComponentType<{
  to: string;
  children?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
  'aria-label'?: string;
}>;

/** A full page load of `to`: enough for the rare click away from the sign-in page. */
export const HrefLink: LinkComponent = ({ to, ...props }) => <a href={to} {...props} />;
