import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRANDS } from '@tamaq/contract/brand';
import { ENDPOINTS } from '@tamaq/contract/endpoints';
import { bindEndpoint } from '../../platform/http/endpoint.ts';
import type { ModuleOptions } from '../../platform/platform.ts';

/** The brand of the host the page was opened on (`BRANDS=host=brand,...`), the default one otherwise. */
export const brandRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  bindEndpoint(app, ENDPOINTS.platform.brand, (request) => {
    const host = request.hostname.split(':')[0]!.toLowerCase();
    return BRANDS[platform.config.brands[host] ?? 'tamaq'];
  });
};
