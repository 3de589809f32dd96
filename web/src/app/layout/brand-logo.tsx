import type { Brand } from '@tamaq/contract/brand';
import type { LinkComponent } from '../../ui/link-type.tsx';
import { PRIMARY, TOKENS } from '../../ui/tokens.ts';
import './brand-logo.css';

/**
 * A text logo: the brand's initial on a green tile and its name; links to the start screen. Plain
 * elements: it is on the sign-in page, which loads before antd and the router. The initial is drawn
 * by CSS, so that the link's visible text is its name (not «T Tamaq»).
 */
export function BrandLogo({
  brand,
  compact = false,
  link: To,
}: {
  brand: Brand | undefined;
  compact?: boolean;
  /** The router's link in the staff app, a page load elsewhere (the sign-in page, the family's). */
  link: LinkComponent;
}) {
  const tile = (
    <span
      aria-hidden
      className="tq-brand-tile"
      data-letter={brand?.name.charAt(0) ?? ''}
      style={{
        width: 32,
        height: 32,
        borderRadius: 8,
        background: PRIMARY,
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: 18,
      }}
    />
  );
  // Until the brand is known there is no name to give the link: a bare tile, not a nameless link.
  if (!brand) return <span style={{ display: 'inline-flex' }}>{tile}</span>;
  return (
    <To
      to="/"
      data-testid="brand"
      // Named by what it shows: the name beside the tile, or the name alone where only the tile is.
      aria-label={compact ? brand.name : undefined}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color: TOKENS.text, whiteSpace: 'nowrap' }}
    >
      {tile}
      {!compact && <span style={{ fontWeight: 600, fontSize: 18 }}>{brand.name}</span>}
    </To>
  );
}
