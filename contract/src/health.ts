import { Brand } from './brand.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { z } from './zod.ts';

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /**
   * `full`: a write was refused for want of disk space, and none has succeeded since (status
   * `unavailable`); `low`: the data directory's disk has little free space left.
   */
  disk: z.enum(['ok', 'low', 'full']),
  version: z.string(),
});

const platformEndpoint = endpointsOf('platform');

export const PLATFORM_ENDPOINTS = {
  brand: platformEndpoint('brand', {
    answer: Brand,
    access: 'public',
    summary: 'Бренд по имени хоста',
  }),
  health: platformEndpoint('health', {
    answer: Health,
    refusals: { 503: Health },
    access: 'public',
    summary: 'Сервер и база данных доступны',
  }),
};
