import { z } from './zod.ts';

export { BRANDS } from './brand-list.ts';

/**
 * The two brands (docs/product.md "What it does"): which one a page shows is chosen by the host name, from the server's
 * `BRANDS` configuration, and answered by the public `GET /api/brand`.
 */
export const BrandKey = z.enum(['tamaq', 'asxana']);
export type BrandKey = z.infer<typeof BrandKey>;

export const Brand = z.object({
  key: BrandKey,
  name: z.string(),
  copyright: z.string(),
  appStoreUrl: z.string(),
  googlePlayUrl: z.string(),
});
export type Brand = z.infer<typeof Brand>;
