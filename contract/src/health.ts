import { Brand } from './brand.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { z } from './zod.ts';

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
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
