import type { Brand } from '@tamaq/contract/brand-list';
import { api } from './api-client.ts';

/** The brand of this host (spec 1 §1). Apart from `brand.ts` so the sign-in page needs no data cache. */
export const getBrand = () => api.get<Brand>('/api/brand');
