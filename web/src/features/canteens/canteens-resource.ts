import { Canteen, CanteenCreate, CanteenUpdate } from '@tamaq/contract/canteens';
import { defineResource } from '../../lib/resource.ts';

/** Spec 1 §2.18: the organization's canteens. The fixation screens read the list to pick one. */
export const canteensResource = defineResource({
  key: 'canteens',
  group: 'canteens',
  row: Canteen,
  create: CanteenCreate,
  update: CanteenUpdate,
});
