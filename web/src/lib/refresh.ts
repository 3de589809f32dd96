import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads the lists under `key` again after a write, from the server as the write left it. A list
 * whose first read is still under way (a search typed just before) would otherwise keep that read:
 * react-query joins an invalidation to a first read in flight instead of starting another, and the
 * read began before the write was in. So reads under way are dropped first, then all are read anew.
 */
export async function refreshAfterWrite(client: QueryClient, key: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey: key });
  await client.invalidateQueries({ queryKey: key });
}
