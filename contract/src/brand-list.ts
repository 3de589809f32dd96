/** The two brands (docs/product.md "What it does") without their zod schemas (`brand.ts`): the sign-in page needs them. */
export type BrandKey = 'tamaq' | 'asxana';

export interface Brand {
  key: BrandKey;
  name: string;
  copyright: string;
  appStoreUrl: string;
  googlePlayUrl: string;
}

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
