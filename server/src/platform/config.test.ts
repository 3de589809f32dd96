import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUSH_SERVICES } from './config.ts';

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
      trustProxy: false,
      metricsToken: null,
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
        TRUST_PROXY: '10.0.0.5',
        METRICS_TOKEN: 'metrics-token-0123',
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
      trustProxy: ['10.0.0.5'],
      metricsToken: 'metrics-token-0123',
    });
  });

  it("names the live socket at PUBLIC_URL's port when it is set (a proxy passes /ws on), else at WS_PORT", () => {
    expect(loadConfig({}, cwd).livePort).toBe(8088);
    expect(loadConfig({ WS_PORT: '9001' }, cwd).livePort).toBe(9001);
    expect(loadConfig({ PUBLIC_URL: 'https://tamaq.kz' }, cwd).livePort).toBe(443);
    expect(loadConfig({ PUBLIC_URL: 'http://school.local' }, cwd).livePort).toBe(80);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.10:8080/' }, cwd).livePort).toBe(8080);
    expect(loadConfig({ PUBLIC_URL: 'https://tamaq.kz', LIVE_PORT: '8443' }, cwd).livePort).toBe(8443);
  });

  it('listens on loopback with DATABASE_URL too, and on every interface only when HOST says so', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/tamaq', JWT_SECRET: SECRET }, cwd).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/tamaq', JWT_SECRET: SECRET, HOST: '0.0.0.0' }, cwd).host).toBe(
      '0.0.0.0',
    );
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
    [
      { REDIS_URL: 'foo' },
      'REDIS_URL должен быть адресом вида redis://… или rediss://…, получено не адрес (значение не показано: в нём может быть пароль)',
    ],
    [{ SMTP_URL: 'http://x' }, 'SMTP_URL должен быть адресом вида smtp://… или smtps://…, получено «http://x»'],
    [
      { PUBLIC_URL: 'tamaq.kz' },
      'PUBLIC_URL должен быть адресом вида http://… или https://…, получено не адрес (значение не показано: в нём может быть пароль)',
    ],
    [{ PORT: '0x50' }, 'PORT должен быть номером порта 0–65535, получено «0x50»'],
    [{ PORT: '1e3' }, 'PORT должен быть номером порта 0–65535, получено «1e3»'],
    [{ PORT: ' 80' }, 'PORT должен быть номером порта 0–65535, получено « 80»'],
    [{ WS_PORT: '-1' }, 'WS_PORT должен быть номером порта 0–65535, получено «-1»'],
    [
      { PORT: '9000', WS_PORT: '9000' },
      'WS_PORT совпадает с PORT (9000): веб-сокетам нужен свой порт, укажите другой WS_PORT',
    ],
    [{ PORT: '8088' }, 'WS_PORT совпадает с PORT (8088): веб-сокетам нужен свой порт, укажите другой WS_PORT'],
    [{ JWT_SECRET: ' '.repeat(40) }, 'JWT_SECRET должен быть не короче 32 символов'],
    [{ JWT_SECRET: ` ${'x'.repeat(31)}\t\n` }, 'JWT_SECRET должен быть не короче 32 символов'],
    [
      { BRANDS: 'asxana.kz:8080=asxana' },
      'BRANDS: укажите имя хоста без порта: «asxana.kz=asxana» вместо «asxana.kz:8080=asxana»',
    ],
    [
      { BRANDS: 'a.kz=asxana=tamaq' },
      'BRANDS: ожидается «хост=бренд» через запятую (бренды: tamaq, asxana), получено «a.kz=asxana=tamaq»',
    ],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN должен быть не короче 16 символов'],
    [{ METRICS_TOKEN: ' '.repeat(20) }, 'METRICS_TOKEN должен быть не короче 16 символов'],
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

  it.each(['0', '11', '-1', '1.5', 'true', '*', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'proxy.local'])(
    'refuses TRUST_PROXY=%j',
    (value) => {
      expect(problems({ TRUST_PROXY: value })).toEqual([
        `TRUST_PROXY: ожидается число прокси перед сервером (1–10) или их адреса и подсети через запятую (10.0.0.5, 10.0.0.0/8), получено «${value}»`,
      ]);
    },
  );

  it('backs up nightly at 02:00 into DATA_DIR/backups, keeping 14, unless told otherwise', () => {
    const base = loadConfig({ DATA_DIR: '/srv/tamaq' }, '/');
    expect([base.backupDir, base.backupTime, base.backupKeep]).toEqual(['/srv/tamaq/backups', '02:00', 14]);
    const set = loadConfig({ BACKUP_DIR: '/mnt/usb', BACKUP_TIME: '23:30', BACKUP_KEEP: '30' }, '/');
    expect([set.backupDir, set.backupTime, set.backupKeep]).toEqual(['/mnt/usb', '23:30', 30]);
    expect(loadConfig({ BACKUP_TIME: 'off' }, '/').backupTime).toBeNull();
    for (const v of ['2:00', '24:00', '02:60', 'nightly'])
      expect(problems({ BACKUP_TIME: v })).toEqual(['BACKUP_TIME: ожидается время ЧЧ:ММ (например 02:00) или off']);
    for (const v of ['0', '366', '1.5', 'all'])
      expect(problems({ BACKUP_KEEP: v })).toEqual(['BACKUP_KEEP: ожидается число копий от 1 до 365']);
  });

  it('signs pushes with the VAPID pair given, both or neither, at the push services listed', () => {
    const pair = {
      VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'I7dBPUt_ot0v-yc2SyRw3emg_mRg3HOnYnrhBQvBvHM',
    };
    const base = loadConfig({ MAIL_FROM: 'Школа <school@edu.kz>' }, cwd);
    expect([base.vapid, base.vapidSubject, base.pushServices]).toEqual([null, 'mailto:school@edu.kz', PUSH_SERVICES]);
    const set = loadConfig(
      {
        ...pair,
        VAPID_SUBJECT: 'https://tamaq.kz',
        PUSH_SERVICES: 'https://fcm.googleapis.com, https://*.Push.Apple.com',
      },
      cwd,
    );
    expect(set.vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect([set.vapidSubject, set.pushServices]).toEqual([
      'https://tamaq.kz',
      ['https://fcm.googleapis.com', 'https://*.push.apple.com'],
    ]);
    expect(problems({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PUBLIC_KEY и VAPID_PRIVATE_KEY задаются вместе: это пара ключей',
    ]);
    expect(problems({ ...pair, VAPID_PRIVATE_KEY: 'short' })[0]).toMatch(/^VAPID_PRIVATE_KEY: ожидается закрытый ключ/);
    expect(problems({ VAPID_SUBJECT: 'school@edu.kz' })[0]).toMatch(/^VAPID_SUBJECT: ожидается mailto:/);
    expect(problems({ PUSH_SERVICES: 'fcm.googleapis.com' })[0]).toMatch(/^PUSH_SERVICES: ожидаются адреса/);
  });

  it('sends by Telegram through the bot whose token is given, at the Bot API given', () => {
    const base = loadConfig({}, cwd);
    expect([base.telegramToken, base.telegramApiUrl]).toEqual([null, 'https://api.telegram.org']);
    const token = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    const set = loadConfig({ TELEGRAM_BOT_TOKEN: ` ${token} `, TELEGRAM_API_URL: 'http://127.0.0.1:8081/' }, cwd);
    expect([set.telegramToken, set.telegramApiUrl]).toEqual([token, 'http://127.0.0.1:8081']);
    expect(problems({ TELEGRAM_BOT_TOKEN: 'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' })[0]).toMatch(
      /^TELEGRAM_BOT_TOKEN: ожидается токен бота/,
    );
    expect(problems({ TELEGRAM_API_URL: 'api.telegram.org' })[0]).toMatch(/^TELEGRAM_API_URL/);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and subnets', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10')).toBe(10);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust('10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']);
  });

  it('keeps the two ports apart unless both are left to the system', () => {
    expect(loadConfig({ PORT: '0', WS_PORT: '0' }, cwd)).toMatchObject({ port: 0, wsPort: 0 });
    expect(loadConfig({ PORT: '08080', WS_PORT: '65535' }, cwd)).toMatchObject({ port: 8080, wsPort: 65535 });
  });

  it('reads METRICS_TOKEN without the spaces around it', () => {
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }, cwd).metricsToken).toBe('0123456789abcdef');
    expect(loadConfig({ METRICS_TOKEN: '' }, cwd).metricsToken).toBe(null);
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

  it.each([
    // A slash or an @ inside the password, a port that is no number, no `//`, a password in the query.
    ['DATABASE_URL', 'postgres://admin:top/secret@db:xx/x', ['top', 'secret']],
    ['DATABASE_URL', 'mysql://admin:s3cr@t@db/x', ['s3cr', 't@db', '%40']],
    ['REDIS_URL', 'redis://:p@ss@h:bad', ['p@', '@ss']],
    ['REDIS_URL', 'http://:p@ss@cache:6379', ['p@', '@ss@', '%40']],
    ['SMTP_URL', 'smtp:user:hunter2@mail.kz', ['hunter2']],
    ['DATABASE_URL', 'mysql://db/x?password=hunter2', ['hunter2']],
  ])('does not print any part of the password in %s=%s', (name, value, secrets) => {
    const [message] = problems({ [name]: value });
    expect(message).toMatch(new RegExp(`^${name} должен быть адресом вида`));
    for (const part of secrets) expect(message).not.toContain(part);
  });

  it('shows a mistyped URL without its password, so the mistake can be seen', () => {
    expect(problems({ DATABASE_URL: 'mysql://admin:s3cr@t@db:5432/x' })).toEqual([
      'DATABASE_URL должен быть адресом вида postgres://… или postgresql://…, получено «mysql://admin:***@db:5432/x»',
    ]);
    expect(problems({ REDIS_URL: 'http://:p@ss@cache:6379' })).toEqual([
      'REDIS_URL должен быть адресом вида redis://… или rediss://…, получено «http://:***@cache:6379»',
    ]);
  });
});
