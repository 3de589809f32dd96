import { Menu, MenuCreate, MenuUpdate } from '@tamaq/contract/menus';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Menus": the education admin's cyclic menus. */
export const menusResource = defineResource({
  key: 'menus',
  group: 'menus',
  row: Menu,
  create: MenuCreate,
  update: MenuUpdate,
});
