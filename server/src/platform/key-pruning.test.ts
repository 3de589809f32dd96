import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createOrganization, createSchool, createUser } from '../../test/factories.ts';
import { createPupil } from '../../test/factories-people.ts';
import { requestKeys, scanWindows, sessions, signInSources, visits } from './db/schema-people.ts';
import { orders } from './db/schema-food.ts';
import { pruneKeys } from './key-pruning.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOW = new Date('2026-11-27T06:00:00Z');
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * 86_400_000 - hours * 3_600_000);

describe('pruneKeys', () => {
  it('forgets the keys no retry can still use, and keeps the rows they were on', async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const school = await createSchool(t.db, { organizationId: org.id });
    const pupil = await createPupil(t.db, { organizationId: org.id });
    const cashier = await createUser(t.db, { organizationId: org.id });
    await t.db.insert(requestKeys).values([
      { userId: cashier.id, key: 'old-user-key', kind: 'user', entityId: 1, createdAt: ago(31) },
      { userId: cashier.id, key: 'new-user-key', kind: 'user', entityId: 2, createdAt: ago(29) },
    ]);
    const scans = await t.db
      .insert(visits)
      .values([
        {
          organizationId: org.id,
          schoolId: school.id,
          userId: pupil.id,
          visitDate: '2026-11-20',
          scanKey: 'scan-old',
          createdBy: cashier.id,
          createdAt: ago(2, 1),
        },
        {
          organizationId: org.id,
          schoolId: school.id,
          userId: pupil.id,
          visitDate: '2026-11-26',
          scanKey: 'scan-new',
          createdBy: cashier.id,
          createdAt: ago(1, 23),
        },
      ])
      .returning({ id: visits.id });
    const sales = await t.db
      .insert(orders)
      .values([
        {
          organizationId: org.id,
          schoolId: school.id,
          userId: cashier.id,
          paymentType: 'cash',
          count: 1,
          amount: '1.00',
          requestKey: 'order-old',
          createdAt: ago(31),
        },
        {
          organizationId: org.id,
          schoolId: school.id,
          userId: cashier.id,
          paymentType: 'cash',
          count: 1,
          amount: '1.00',
          requestKey: 'order-new',
          createdAt: ago(29),
        },
      ])
      .returning({ id: orders.id });

    // Repeat windows claimed in the database while Redis was away: one past its time, one still held.
    await t.db.insert(scanWindows).values([
      { card: 'PAST', heldBy: 'k1', at: Date.now() - 120_000, until: new Date(Date.now() - 60_000) },
      { card: 'HELD', heldBy: 'k2', at: Date.now(), until: new Date(Date.now() + 60_000) },
    ]);

    // Where accounts signed in from: one last used over a year ago, one a month ago.
    await t.db.insert(signInSources).values([
      { userId: cashier.id, kind: 'address', value: '10.0.0.1', lastAt: ago(366) },
      { userId: cashier.id, kind: 'address', value: '10.0.0.2', lastAt: ago(30) },
    ]);

    // Sessions: one ended two days ago, one ends tomorrow.
    await t.db.insert(sessions).values([
      { userId: cashier.id, expiresAt: ago(2) },
      { userId: cashier.id, expiresAt: ago(-1) },
    ]);

    const forgotten = await pruneKeys(t.db, NOW);
    expect(forgotten.sessions).toBe(1);
    expect(forgotten.sources).toBe(1);
    expect((await t.db.select({ value: signInSources.value }).from(signInSources)).map((r) => r.value)).toEqual([
      '10.0.0.2',
    ]);
    expect(forgotten.windows).toBe(1);
    expect((await t.db.select({ card: scanWindows.card }).from(scanWindows)).map((w) => w.card)).toEqual(['HELD']);
    expect(forgotten.requests).toBeGreaterThanOrEqual(1);
    expect(forgotten.scans).toBeGreaterThanOrEqual(1);
    expect(forgotten.orders).toBeGreaterThanOrEqual(1);

    const keys = await t.db
      .select({ key: requestKeys.key })
      .from(requestKeys)
      .where(eq(requestKeys.userId, cashier.id));
    expect(keys.map((k) => k.key)).toEqual(['new-user-key']);
    const visitKeys = await t.db
      .select({ id: visits.id, key: visits.scanKey })
      .from(visits)
      .where(
        inArray(
          visits.id,
          scans.map((v) => v.id),
        ),
      )
      .orderBy(visits.id);
    expect(visitKeys.map((v) => v.key)).toEqual([null, 'scan-new']);
    const orderKeys = await t.db
      .select({ key: orders.requestKey })
      .from(orders)
      .where(
        inArray(
          orders.id,
          sales.map((o) => o.id),
        ),
      )
      .orderBy(orders.id);
    expect(orderKeys.map((o) => o.key)).toEqual([null, 'order-new']);
    // A second run finds nothing more.
    expect(await pruneKeys(t.db, NOW)).toEqual({
      requests: 0,
      scans: 0,
      orders: 0,
      windows: 0,
      sources: 0,
      sessions: 0,
    });
  });
});
