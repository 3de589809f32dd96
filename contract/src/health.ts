import { z } from './zod.ts';

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
