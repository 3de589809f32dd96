import { callEndpoint } from './endpoint-client.ts';

/** The brand of this host (spec 1 §1). Apart from `brand.ts` so the sign-in page needs no data cache. */
export const getBrand = () => callEndpoint('platform', 'brand', {});
