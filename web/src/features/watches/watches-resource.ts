import { Watch, WatchCreate, WatchUpdate } from '@tamaq/contract/watches';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Watches": duty schedules, the month days on which their holders may eat. */
export const watchesResource = defineResource({
  key: 'watches',
  group: 'watches',
  row: Watch,
  create: WatchCreate,
  update: WatchUpdate,
});
