import { Canteen, CanteenCreate, CanteenUpdate } from '@tamaq/contract/canteens';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Canteens": the organization's canteens. The fixation screens read the list to pick one. */
export const canteensResource = defineResource({
  key: 'canteens',
  group: 'canteens',
  row: Canteen,
  create: CanteenCreate,
  update: CanteenUpdate,
});
