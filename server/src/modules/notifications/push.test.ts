import { eq } from 'drizzle-orm';
import {
  NOTIFICATIONS_MESSAGES as M,
  MAX_PUSH_DEVICES,
  DeliveryList,
  PushDevice,
  PushDevices,
} from '@tamaq/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser, signedIn, tokenFor } from '../../../test/factories.ts';
import { danaWithParents } from '../../../test/factories-people.ts';
import { startTestPush } from '../../../../tools/test-push.ts';
import { notificationDeliveries, pushSubscriptions } from '../../platform/db/schema-notifications.ts';
import { createNotificationsService, DELIVERY_TRIES } from './notifications.service.ts';
import { createPush } from '../../platform/push.ts';

/** docs/rules.md "Notifications": notices in the browser, by Web Push to each device a parent allowed. */
let t: TestContext;
let service: Awaited<ReturnType<typeof startTestPush>>;
let cashier: string;
let staff: string;
let schoolId: number;
let mother: { id: number; token: string };
let stranger: { id: number; token: string };
let dana: { id: number; card: string };

// 12:30 in Almaty (UTC+5).
const NOON = new Date('2026-11-20T07:30:00Z');
const DAY = 86_400_000;

const devices = (token: string) => t.call({ method: 'GET', url: '/api/parent/push', token });
const add = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/parent/push/device', token, payload });
const remove = (token: string, id: number) => t.call({ method: 'DELETE', url: `/api/parent/push/device/${id}`, token });
const choose = (token: string, childId: number, payload: object) =>
  t.call({ method: 'PUT', url: `/api/parent/child/${childId}/notifications`, token, payload });
const scan = (card: string) =>
  t.call({ method: 'POST', url: '/api/school/fixation', token: cashier, payload: { cardId: card, schoolId } });
const deliveriesOf = (parentId: number) =>
  t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.parentId, parentId));
const MEAL_BY_PUSH = { choices: [{ event: 'meal', channel: 'push' }] };

beforeAll(async () => {
  t = await createTestContext();
  service = await startTestPush();
  t.clock.now = new Date(NOON);
  const family = await danaWithParents(t.platform, [null]);
  ({ schoolId, dana, cashier, staff } = family);
  mother = family.parents[0]!;
  const other = await createUser(t.db, { role: 'Parent', organizationId: null });
  stranger = { id: other.id, token: await tokenFor(t.platform, other) };
});
afterAll(async () => {
  await t.close();
  await service.close();
});

describe('a parent allows notices in the browser on a device', () => {
  let phone: ReturnType<typeof service.subscribe>;

  it('reads the server’s key to subscribe with, and no device yet; push is not a channel without one', async () => {
    const res = await devices(mother.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = PushDevices.parse(res.json());
    expect(body).toEqual({ public_key: t.platform.config.vapid!.publicKey, devices: [] });
    const refused = await choose(mother.token, dana.id, MEAL_BY_PUSH);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors['choices.0.channel']).toEqual([M.noDevice]);
  });

  it('adds this browser’s subscription; push becomes a channel, and meals by push may be chosen', async () => {
    phone = service.subscribe('phone');
    const res = await add(mother.token, { ...phone, label: 'Телефон' });
    expect(res.statusCode, res.body).toBe(200);
    expect(PushDevice.parse(res.json())).toMatchObject({ label: 'Телефон', endpoint: phone.endpoint });
    // The same subscription again (the page opened anew): still one device.
    expect((await add(mother.token, { ...phone, label: 'Телефон' })).statusCode).toBe(200);
    expect((await devices(mother.token)).json().devices).toHaveLength(1);
    const chosen = await choose(mother.token, dana.id, MEAL_BY_PUSH);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ channels: ['push'], choices: [{ event: 'meal', channel: 'push' }] });
  });

  it('refuses an address that is no push service, a bad key and a long name, and saves nothing', async () => {
    const other = service.subscribe();
    for (const [payload, field, message] of [
      [{ ...other, endpoint: 'https://evil.example/collect' }, 'endpoint', M.endpoint],
      [{ ...other, endpoint: 'http://169.254.169.254/latest' }, 'endpoint', M.endpoint],
      [{ ...other, endpoint: 'file:///etc/passwd' }, 'endpoint', M.endpoint],
      [{ ...other, keys: { ...other.keys, p256dh: 'short' } }, 'keys.p256dh', M.pushKey],
      [{ ...other, keys: { ...other.keys, auth: 'a+b/c=' } }, 'keys.auth', M.pushKey],
      [{ ...other, label: 'x'.repeat(101) }, 'label', M.deviceLabel],
      [{ endpoint: other.endpoint }, 'keys', M.pushKey],
    ] as const) {
      const res = await add(mother.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().validationErrors[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect((await devices(mother.token)).json().devices).toHaveLength(1);
  });

  it('answers 404 for another parent’s device and 403 to the school’s people', async () => {
    const [mine] = (await devices(mother.token)).json().devices as PushDevice[];
    const res = await remove(stranger.token, mine!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe(M.deviceNotFound);
    expect((await devices(stranger.token)).json().devices).toEqual([]);
    expect((await devices(staff)).statusCode).toBe(403);
    expect((await add(cashier, service.subscribe())).statusCode).toBe(403);
    expect((await devices(mother.token)).json().devices).toHaveLength(1);
  });

  it('keeps at most ten devices a parent', async () => {
    const parent = await createUser(t.db, { role: 'Parent', organizationId: null });
    const token = await tokenFor(t.platform, parent);
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) expect((await add(token, service.subscribe())).statusCode).toBe(200);
    const res = await add(token, service.subscribe());
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(M.devices(MAX_PUSH_DEVICES));
  });
});

describe('a meal recorded reaches the device as a push', () => {
  it('sends it encrypted to the device’s keys and signed with the server’s VAPID key', async () => {
    expect((await scan(dana.card)).statusCode).toBe(200);
    const o = await createNotificationsService(t.platform).runOnce();
    expect(o).toMatchObject({ events: 1, sent: 1, failed: 0, retry: 0 });
    expect(service.errors).toEqual([]);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(JSON.parse(push!.payload)).toEqual({
      title: 'Сапарова Дана поел(а) в 12:30',
      body: 'Сапарова Дана: Соцкошелёк — 20.11.2026 в 12:30, Школа №5.',
      url: '/download',
      tag: expect.stringMatching(/^tamaq-\d+$/),
    });
    expect(push!.device).toBe('phone');
    expect(push!.vapidKey).toBe(t.platform.config.vapid!.publicKey);
    expect(push!.claims.aud).toBe(service.origin);
    expect(push!.claims.sub).toBe('mailto:no-reply@tamaq.kz');
    expect(push!.headers.ttl).toBe('86400');
    const [delivery] = await deliveriesOf(mother.id);
    expect(delivery).toMatchObject({ channel: 'push', status: 'sent', attempts: 1 });
  });

  it('shows the super admin the device’s name, never its address', async () => {
    const admin = (await signedIn(t.platform, { role: 'SuperAdmin', organizationId: null })).token;
    const list = DeliveryList.parse(
      (await t.call({ method: 'GET', url: '/api/admin/notifications', token: admin })).json(),
    );
    expect(list.rows.map((r) => [r.channel, r.target, r.status])).toEqual([['push', 'Телефон', 'sent']]);
  });

  it('tries again when the push service fails, and after the last try marks it failed', async () => {
    service.answer('phone', 503);
    t.clock.advance(DAY);
    expect((await scan(dana.card)).statusCode).toBe(200);
    for (let i = 0; i < DELIVERY_TRIES; i++) {
      await createNotificationsService(t.platform).runOnce();
      t.clock.advance(DAY);
    }
    const failed = (await deliveriesOf(mother.id)).find((d) => d.status !== 'sent');
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: DELIVERY_TRIES,
      error: 'push service answered 503: as told',
    });
    service.answer('phone', null);
  });

  it('removes a device the push service says is gone, and sends nothing more to it', async () => {
    service.answer('phone', 410);
    expect((await scan(dana.card)).statusCode).toBe(200);
    await createNotificationsService(t.platform).runOnce();
    const gone = (await deliveriesOf(mother.id)).filter((d) => d.status === 'gone');
    expect(gone).toHaveLength(1);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.parentId, mother.id))).toEqual([]);
    expect((await devices(mother.token)).json().devices).toEqual([]);
    // Push is no longer a channel of hers; the choice stays, for the next device she allows.
    const now = (
      await t.call({ method: 'GET', url: `/api/parent/child/${dana.id}/notifications`, token: mother.token })
    ).json();
    expect(now).toMatchObject({ channels: [], choices: [{ event: 'meal', channel: 'push' }] });
    t.clock.advance(DAY);
    expect((await scan(dana.card)).statusCode).toBe(200);
    expect(await createNotificationsService(t.platform).runOnce()).toMatchObject({ sent: 0, failed: 0 });
    service.answer('phone', null);
  });

  it('a device removed by the parent gets nothing of what waited for it', async () => {
    const tablet = service.subscribe('tablet');
    const added = PushDevice.parse((await add(mother.token, tablet)).json());
    expect(added.label).toBe('127.0.0.1');
    // Quiet hours hold the meal's push until the evening.
    const quiet = { quiet_from: '12:00', quiet_to: '23:00', email_digest: false };
    const settings = (payload: object) =>
      t.call({ method: 'PUT', url: '/api/parent/notifications/settings', token: mother.token, payload });
    expect((await settings(quiet)).statusCode).toBe(200);
    t.clock.advance(DAY);
    expect((await scan(dana.card)).statusCode).toBe(200);
    await createNotificationsService(t.platform).runOnce();
    expect((await deliveriesOf(mother.id)).filter((d) => d.status === 'pending')).toHaveLength(1);
    const res = await remove(mother.token, added.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(PushDevices.parse(res.json()).devices).toEqual([]);
    const before = service.received.length;
    await createNotificationsService(t.platform).runOnce();
    expect(service.received).toHaveLength(before);
    expect((await deliveriesOf(mother.id)).filter((d) => d.status === 'pending')).toEqual([]);
    expect((await settings({ quiet_from: null, quiet_to: null, email_digest: false })).statusCode).toBe(200);
  });
});

describe('the VAPID signature', () => {
  it('is made once per push service and kept: each service reads its own audience, every notice verifies', async () => {
    const other = await startTestPush();
    try {
      const push = createPush({
        keys: () => t.platform.config.vapid!,
        subject: 'mailto:no-reply@tamaq.kz',
        services: ['http://127.0.0.1:*'],
      });
      const before = service.received.length;
      for (const s of [service, service, other]) {
        const sub = s.subscribe();
        const sent = await push.send({ endpoint: sub.endpoint, ...sub.keys }, '{"title":"Обед"}', { ttlSeconds: 60 });
        expect(sent).toBe('sent');
      }
      expect([service.errors, other.errors]).toEqual([[], []]);
      const mine = service.received.slice(before);
      expect(mine.map((p) => p.payload)).toEqual(['{"title":"Обед"}', '{"title":"Обед"}']);
      expect(mine[0]!.headers.authorization).toBe(mine[1]!.headers.authorization);
      expect(mine[0]!.claims.aud).toBe(service.origin);
      expect(other.received.map((p) => p.claims.aud)).toEqual([other.origin]);
      expect(other.received[0]!.headers.authorization).not.toBe(mine[0]!.headers.authorization);
      expect(mine[0]!.claims.exp * 1000).toBeGreaterThan(Date.now() + 11 * 60 * 60 * 1000);
    } finally {
      await other.close();
    }
  });
});
