import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/platform/http/error-handler.ts';
import { loggedUrl, loggerOptions } from '../src/platform/http/log-options.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/** A log line carries no personal data: not a failed statement's values, not a searched name. */
const NAME = 'Жумабекова Айгерим';
const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };
const logged = () => lines.join('');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('log lines', () => {
  it('keep a failed statement’s code and drop its values and the database’s message', async () => {
    // The real database refusing a value: its message quotes it (`invalid input syntax…: "Жумабекова…"`).
    const app = Fastify({ logger: loggerOptions('info', stream) });
    registerErrorHandler(app);
    app.get('/fail', async () => t.db.execute(sql`select ${NAME}::int as n`));
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', errorMessage: expect.any(String) });
    expect(logged()).toContain('"dbCode":"22P02"');
    expect(logged()).toContain('database error');
    expect(logged()).not.toContain(NAME);
  });

  it('would carry a request’s URL as its path and parameter names only (request logging is off)', () => {
    expect(loggedUrl('/api/report?token=eyJ.x.y&export=1')).toBe('/api/report?token=…&export=…');
    expect(loggedUrl('/api/users')).toBe('/api/users');
    expect(loggedUrl('/api/users?')).toBe('/api/users');
  });
});
