import type { EndpointName, Group } from './api-paths.ts';
import { CANTEEN_ENDPOINTS } from './canteens.ts';
import type { Endpoint } from './endpoint-kit.ts';

export type { CallAnswer, CallInput, Endpoint } from './endpoint-kit.ts';

/** Every endpoint of the API, by group and name; each declared in its module's contract file. */
export const ENDPOINTS = {
  canteens: CANTEEN_ENDPOINTS,
} as const satisfies { [G in Group]: { [N in EndpointName<G>]: Endpoint } };

export type Endpoints = typeof ENDPOINTS;
