import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const cwd = '/srv/tamaq';
const SECRET = 'x'.repeat(32);

/** The problems loadConfig reports for an environment, one line each. */
const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, cwd);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^Неверная конфигурация:\n/);
    return (err as ConfigError).problems;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it('runs embedded with no environment at all', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      wsPort: 8088,
      host: '127.0.0.1',
      dataDir: path.resolve(cwd, 'data'),
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      jwtSecret: null,
      publicUrl: 'http://127.0.0.1:8080',
      brands: {},
      webDist: null,
      logLevel: 'info',
      demoData: true,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '', BRANDS: ' ' }, cwd)).toMatchObject({
      port: 8080,
      databaseUrl: null,
      jwtSecret: null,
      brands: {},
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        WS_PORT: '9001',
        HOST: '10.0.0.2',
        DATA_DIR: 'var/tamaq',
        DATABASE_URL: 'postgres://tamaq:pw@db:5432/tamaq',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtps://user:pw@mail.kz:465',
        MAIL_FROM: 'Асхана <no-reply@asxana.kz>',
        JWT_SECRET: SECRET,
        PUBLIC_URL: 'https://tamaq.kz/',
        WEB_DIST: 'web/dist',
        LOG_LEVEL: 'warn',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 9000,
      wsPort: 9001,
      host: '10.0.0.2',
      dataDir: '/srv/tamaq/var/tamaq',
      databaseUrl: 'postgres://tamaq:pw@db:5432/tamaq',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://user:pw@mail.kz:465',
      mailFrom: 'Асхана <no-reply@asxana.kz>',
      jwtSecret: SECRET,
      publicUrl: 'https://tamaq.kz',
      webDist: '/srv/tamaq/web/dist',
      logLevel: 'warn',
      demoData: false,
    });
  });

  it('listens on every interface with DATABASE_URL unless HOST says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/tamaq', JWT_SECRET: SECRET }, cwd).host).toBe('0.0.0.0');
  });

  it('parses BRANDS as host=brand pairs, hosts in lower case', () => {
    expect(loadConfig({ BRANDS: 'a.kz=asxana, B.kz = tamaq' }, cwd).brands).toEqual({
      'a.kz': 'asxana',
      'b.kz': 'tamaq',
    });
    expect(loadConfig({ BRANDS: 'a.kz=asxana,b.kz=tamaq' }, cwd).brands).toEqual({ 'a.kz': 'asxana', 'b.kz': 'tamaq' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT должен быть номером порта 0–65535, получено «abc»'],
    [{ PORT: '8080.5' }, 'PORT должен быть номером порта 0–65535, получено «8080.5»'],
    [{ WS_PORT: '70000' }, 'WS_PORT должен быть номером порта 0–65535, получено «70000»'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL должен быть адресом вида postgres://… или postgresql://…, получено «mysql://x»',
    ],
    [{ REDIS_URL: 'foo' }, 'REDIS_URL должен быть адресом вида redis://… или rediss://…, получено «foo»'],
    [{ SMTP_URL: 'http://x' }, 'SMTP_URL должен быть адресом вида smtp://… или smtps://…, получено «http://x»'],
    [{ PUBLIC_URL: 'tamaq.kz' }, 'PUBLIC_URL должен быть адресом вида http://… или https://…, получено «tamaq.kz»'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET должен быть не короче 32 символов'],
    [{ BRANDS: 'a.kz' }, 'BRANDS: ожидается «хост=бренд» через запятую (бренды: tamaq, asxana), получено «a.kz»'],
    [
      { BRANDS: 'a.kz=pepsi' },
      'BRANDS: ожидается «хост=бренд» через запятую (бренды: tamaq, asxana), получено «a.kz=pepsi»',
    ],
    [{ BRANDS: '=asxana' }, 'BRANDS: ожидается «хост=бренд» через запятую (бренды: tamaq, asxana), получено «=asxana»'],
    [
      { DATABASE_URL: 'postgres://db/tamaq' },
      'JWT_SECRET обязателен вместе с DATABASE_URL: все экземпляры сервера должны подписывать токены одним ключом',
    ],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(problems(env)).toEqual([message]);
  });

  it('names the variable in zod’s own messages too', () => {
    const [message] = problems({ LOG_LEVEL: 'loud' });
    expect(message).toMatch(/^LOG_LEVEL: .*"info"/);
  });

  it('reports every bad value at once', () => {
    expect(problems({ PORT: 'abc', REDIS_URL: 'foo', JWT_SECRET: 'short' })).toHaveLength(3);
  });

  it('does not print the password of a mistyped URL', () => {
    const [message] = problems({ DATABASE_URL: 'mysql://tamaq:S3cret!@db/tamaq' });
    expect(message).not.toContain('S3cret');
    expect(message).toContain('mysql://tamaq:***@db/tamaq');
  });
});
