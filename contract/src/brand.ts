import { z } from './zod.ts';

/**
 * The two brands (spec 1 §1): which one a page shows is chosen by the host name, from the server's
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

export const BRANDS: Record<BrandKey, Brand> = {
  tamaq: {
    key: 'tamaq',
    name: 'Tamaq',
    copyright: 'Tamaq',
    appStoreUrl: 'https://apps.apple.com/kz/app/tamaq/id0000000001',
    googlePlayUrl: 'https://play.google.com/store/apps/details?id=kz.tamaq.app',
  },
  asxana: {
    key: 'asxana',
    name: 'Асхана',
    copyright: 'Асхана',
    appStoreUrl: 'https://apps.apple.com/kz/app/asxana/id0000000002',
    googlePlayUrl: 'https://play.google.com/store/apps/details?id=kz.asxana.app',
  },
};
