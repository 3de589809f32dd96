import type { ReactNode } from 'react';
import './sr-only.css';

/** Words a screen reader says and the screen does not show (a column's name over its icons). */
export function SrOnly({ children }: { children: ReactNode }) {
  return <span className="tq-sr-only">{children}</span>;
}
