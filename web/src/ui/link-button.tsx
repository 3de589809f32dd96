import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick' | 'htmlType'> & { to: To; replace?: boolean };

/**
 * A link that looks like a button: one tab stop (not a <Link> around a <Button>), opens in a new
 * tab on Ctrl/middle click like any link, and navigates inside the app on a plain click.
 */
export function LinkButton({ to, replace, ...rest }: LinkButtonProps) {
  const href = useHref(to);
  const onLinkClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <Button
      {...rest}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => onLinkClick(e as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
