import { Watch, WatchCreate, WatchUpdate } from '@tamaq/contract/watches';
import { defineResource } from '../../lib/resource.ts';

/** Spec 1 §2.16: duty schedules, the month days on which their holders may eat. */
export const watchesResource = defineResource({
  key: 'watches',
  group: 'watches',
  row: Watch,
  create: WatchCreate,
  update: WatchUpdate,
});
