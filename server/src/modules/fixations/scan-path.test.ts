import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrganization, createSchool, signedIn } from '../../../test/factories.ts';
import {
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
} from '../../../test/factories-people.ts';

import { users, visits } from '../../platform/db/schema-people.ts';

/**
 * The one-statement scan (docs/rules.md "Scan speed"): the local time and day go into the statement
 * computed in a guessed zone, the 3-second window is claimed before it, and refusals are still told
 * in docs/domain.md's order.
 */
let t: TestContext;
let token: string;
let school: { id: number };
let classroom: { id: number };
let sw: { id: number };
let org: { id: number };

// 16:30 UTC: 21:30 on the 20th in Almaty (the default zone), 01:30 on the 21st in Tokyo.
const LATE = new Date('2026-11-20T16:30:00Z');

beforeAll(async () => {
  t = await createTestContext();
  org = await createOrganization(t.db, { type: 'education', timeZone: 'Asia/Tokyo' });
  school = await createSchool(t.db, { organizationId: org.id });
  classroom = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id });
  sw = await createFoodCategory(t.db, { organizationId: org.id, type: 'sw' });
  token = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: org.id })).token;
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = new Date(LATE);
});

const pupil = async (foodCategoryId: number | null = sw.id) => {
  const p = await createPupil(t.db, {
    organizationId: org.id,
    schoolId: school.id,
    classroomId: classroom.id,
    foodCategoryId,
  });
  return { p, card: await createCard(t.db, { organizationId: org.id, userId: p.id }) };
};

const scan = (cardId: string, key?: string, extra: Record<string, unknown> = {}, schoolId = school.id) =>
  t.call({
    method: 'POST',
    url: '/api/school/fixation',
    token,
    payload: { cardId, schoolId, ...extra },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('a school scan in a time zone other than the default', () => {
  it('counts the day and the meal time in the organization’s zone from the first scan on', async () => {
    // A meal time that holds only in Tokyo's 01:30, not in Almaty's 21:30.
    const night = await createFixationCategory(t.db, {
      organizationId: org.id,
      name: 'Ночной',
      timeStart: '01:00',
      timeFinish: '02:00',
    });
    const { p, card } = await pupil();
    const res = await scan(card.number);
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toEqual({ id: night.id, name: 'Ночной' });
    const [v] = await t.db.select().from(visits).where(eq(visits.userId, p.id));
    expect(v).toMatchObject({ visitDate: '2026-11-21', fixationCategoryId: night.id });
    // The refusal tells the first time in the same zone.
    t.clock.advance(60_000);
    const again = await scan(card.number);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe('Уже получил(а) питание сегодня в 01:30');
  });
});

describe('the 3-second window', () => {
  it('lets the retry of a refused scan through within 3 seconds, but not another scan of the card', async () => {
    const { p, card } = await pupil(null);
    const key = randomUUID();
    // Refused after the window was claimed (no food category)...
    expect((await scan(card.number, key)).statusCode).toBe(409);
    await t.db.update(users).set({ foodCategoryId: sw.id }).where(eq(users.id, p.id));
    t.clock.advance(1000);
    // ...its retry (same key, as the queue sends it) is decided again, not taken for a double scan.
    const retry = await scan(card.number, key, { scannedAt: new Date(LATE).toISOString() });
    expect(retry.statusCode).toBe(200);
    t.clock.advance(1000);
    const double = await scan(card.number, randomUUID());
    expect(double.statusCode).toBe(429);
    expect(double.json()).toMatchObject({ error: 'Too many requests' });
  });

  it('is not started by an unknown card or a card of another school: they answer 404 every time', async () => {
    expect((await scan('NO-SUCH-CARD-X')).statusCode).toBe(404);
    expect((await scan('NO-SUCH-CARD-X')).json().errorMessage).toBe('Карта не найдена');
    const other = await createSchool(t.db, { organizationId: org.id });
    const { card } = await pupil();
    for (let i = 0; i < 2; i++) {
      const res = await scan(card.number, undefined, {}, other.id);
      expect(res.json().errorMessage).toBe('Карта не принадлежит ученику этой школы');
    }
    // And the card still scans at its own school at once.
    expect((await scan(card.number)).statusCode).toBe(200);
  });
});

describe('a replayed scan', () => {
  it('answers the first visit again and pushes it to the live list again, recording nothing', async () => {
    const { p, card } = await pupil();
    const got: { fixation: { id: number } }[] = [];
    const leave = t.platform.realtime.join(`school-fixation-${school.id}`, {
      readyState: 1,
      send: (d) => got.push(JSON.parse(d)),
    });
    const key = randomUUID();
    const first = await scan(card.number, key);
    t.clock.advance(10_000);
    const retry = await scan(card.number, key, { scannedAt: new Date(LATE).toISOString() });
    leave();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // A screen that missed the first push (a crash between the commit and the push) learns of it now.
    expect(got.map((m) => m.fixation.id)).toEqual([first.json().id, first.json().id]);
    expect(await t.db.select().from(visits).where(eq(visits.userId, p.id))).toHaveLength(1);
  });
});

describe('a bad scannedAt', () => {
  it('is reported on scannedAt for a known school, and on schoolId for a school out of scope', async () => {
    const { card } = await pupil();
    const future = new Date(LATE.getTime() + 60 * 60_000).toISOString();
    const own = await scan(card.number, undefined, { scannedAt: future });
    expect(own.statusCode).toBe(422);
    expect(Object.keys(own.json().validationErrors)).toEqual(['scannedAt']);
    const foreign = await createSchool(t.db);
    const other = await scan(card.number, undefined, { scannedAt: future }, foreign.id);
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().validationErrors)).toEqual(['schoolId']);
  });
});
