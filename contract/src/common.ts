import { PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { id, z } from './zod.ts';

export const IdParams = z.object({ id: id() });
export type IdParams = z.infer<typeof IdParams>;

/** `limit` (default 30) and `offset` of every list (ARCHITECTURE.md "Lists"). */
export const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const SearchQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
});

export const listOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

export const Ok = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

/** Yes/No flags travel as 'Y' and 'N' (docs/product.md "Limits"). */
export const YesNo = z.enum(['Y', 'N']);

/** A short-lived ticket for one live channel on the websocket port, as `POST …/subscribe` answers it. */
export const LiveTicket = z.object({
  channel: z.string(),
  ticket: z.string(),
  port: z.number().int(),
  path: z.string(),
});
export type LiveTicket = z.infer<typeof LiveTicket>;
