import { callEndpoint } from './endpoint-client.ts';

/** The brand of this host (docs/product.md "What it does"). Apart from `brand.ts` so the sign-in page needs no data cache. */
export const getBrand = () => callEndpoint('platform', 'brand', {});
