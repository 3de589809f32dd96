import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface PrintOnlyProps {
  /** The CSS `@page` size: 'A4', 'A4 landscape', '80mm auto' (a till roll). */
  page: string;
  /** The page margin. */
  margin?: string;
  /** Extra print rules for the content, scoped by the caller's own class names. */
  css?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * What a print of the page shows instead of the app: hidden on screen, and in print the only thing
 * on paper (the header, the menu and any message are left out), on the page size given.
 */
export function PrintOnly({ page, margin = '12mm', css = '', testId, children }: PrintOnlyProps) {
  return createPortal(
    <div className="tamaq-print" data-testid={testId}>
      <style>{`
.tamaq-print { display: none; }
@media print {
  @page { size: ${page}; margin: ${margin}; }
  body > *:not(.tamaq-print) { display: none !important; }
  body { margin: 0; background: #fff; }
  .tamaq-print { display: block; color: #000; }
  ${css}
}`}</style>
      {children}
    </div>,
    document.body,
  );
}
