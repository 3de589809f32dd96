import { BRANDS, type Brand } from '@tamaq/contract/brand-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBrand } from './brand-api.ts';

export { getBrand };

// The brand follows the host name, which never changes while the page lives.
export const brandQuery = queryOptions({ queryKey: ['brand'], queryFn: getBrand, staleTime: Infinity });

/**
 * The brand of this host; `undefined` while it loads (so the other brand's name never flashes),
 * the default brand when the server cannot say.
 */
export function useBrand(): Brand | undefined {
  const { data, isError } = useQuery(brandQuery);
  return data ?? (isError ? BRANDS.tamaq : undefined);
}
