import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../platform/platform.ts';

export const profileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async () => {};
