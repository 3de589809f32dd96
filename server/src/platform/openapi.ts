import type { FastifyInstance } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@tamaq/contract/constants';

/** What a reader of the docs needs instead of fastify's "Default Response". */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'Успешно',
  304: 'Не изменилось',
  401: 'Требуется вход (нет токена или он недействителен)',
  403: 'Недостаточно прав или нет заголовка X-XSRF-TOKEN',
  404: 'Не найдено',
  409: 'Конфликт с существующими данными',
  413: 'Слишком большой запрос',
  422: 'Ошибка проверки данных: validationErrors по полям',
  429: 'Слишком много запросов',
  503: 'Сервис недоступен',
};

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * The contract's zod schemas turned into JSON schema, plus what the route config knows: public
 * routes need no bearer token, and every answer gets a readable description.
 */
const transform: Transform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema?: Record<string, unknown> & { hide?: boolean; response?: Record<string, Record<string, unknown>> };
    url: string;
  };
  const schema = (out.schema ??= {});
  if (schema.hide) return { schema, url: out.url };
  if (input.route.config?.access === 'public') schema.security = [];
  for (const [code, answer] of Object.entries(schema.response ?? {})) {
    if (!answer.description && RESPONSE_DESCRIPTIONS[code]) answer.description = RESPONSE_DESCRIPTIONS[code];
  }
  return { schema, url: out.url };
};

const CSRF_ECHO = `(() => {
  const original = window.fetch;
  window.fetch = (input, init = {}) => {
    const method = (init.method || 'GET').toUpperCase();
    const token = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie);
    if (token && !['GET', 'HEAD', 'OPTIONS'].includes(method)) {
      const headers = new Headers(init.headers || {});
      headers.set('X-XSRF-TOKEN', decodeURIComponent(token[1]));
      init = { ...init, headers };
    }
    return original(input, init);
  };
})();`;

/** OpenAPI built from the contract's zod schemas that every route declares; UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tamaq API', description: 'API бэк-офиса школьного питания Tamaq', version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
  });
  // No validator badge: it would load an image from swagger.io, which the CSP refuses anyway.
  await app.register(swaggerUi, {
    // "Try it out" on a write must pass the CSRF double submit like the web client does.
    theme: { title: 'Tamaq API', js: [{ filename: 'csrf.js', content: CSRF_ECHO }] },
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
  });
}
