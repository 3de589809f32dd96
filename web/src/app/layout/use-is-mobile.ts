import { MOBILE_BREAKPOINT_PX } from '@tamaq/contract/constants';
import { useSyncExternalStore } from 'react';

// Spec 1 §9: the layout changes below 700 px (antd's own breakpoints sit at 768, hence a query here).
const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

const subscribe = (cb: () => void) => {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};

export const useIsMobile = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
