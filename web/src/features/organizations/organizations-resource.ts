import { Organization, OrganizationCreate, OrganizationUpdate } from '@tamaq/contract/organizations';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Organizations": organizations (super admin). Creating one creates its admin; they are never deleted. */
export const organizationsResource = defineResource({
  key: 'organizations',
  group: 'organizations',
  row: Organization,
  create: OrganizationCreate,
  update: OrganizationUpdate,
});
