import { MOBILE_BREAKPOINT_PX } from '@tamaq/contract/constants';
import { useMediaQuery } from './use-media-query.ts';

/** Narrower than the spec's 700 px breakpoint. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** True on a screen narrower than 700 px; follows window resizes and rotation. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
