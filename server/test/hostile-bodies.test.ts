import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonShapeFits, JSON_MAX_DEPTH, JSON_MAX_VALUES } from '../src/platform/http/input.ts';
import { REFUSED_BODIES_MAX } from '../src/platform/http/refused-bodies.ts';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createUser, signedIn } from './factories.ts';
import { createCanteen, createCard, createFixationCategory } from './factories-people.ts';

/**
 * Bodies meant to stop the queue (docs/rules.md "Bodies"): each refused before it is parsed, by its
 * size for a call without sign-in, by its depth and count of values for any call, and a sender of
 * many refused bodies is refused at once for a while, without holding back anybody else's sign-in or
 * a signed-in scan from the same address.
 */
let t: TestContext;
let cashier: string;
let scanCard: (remoteAddress?: string) => Promise<number>;
let seq = 0;
const address = () => `10.77.${(++seq >> 8) & 255}.${seq & 255}`;

beforeAll(async () => {
  t = await createTestContext();
  const company = await createOrganization(t.db, { type: 'company' });
  const canteen = await createCanteen(t.db, { organizationId: company.id });
  await createFixationCategory(t.db, { organizationId: company.id, timeStart: '00:00', timeFinish: '23:59' });
  cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: company.id })).token;
  scanCard = async (remoteAddress = '10.77.250.1') => {
    const user = await createUser(t.db, { role: undefined as never, roleId: null, organizationId: company.id });
    const card = await createCard(t.db, { organizationId: company.id, userId: user.id });
    const res = await t.call({
      method: 'POST',
      url: '/api/fixation',
      token: cashier,
      payload: { cardId: card.number, canteenId: canteen.id },
      remoteAddress,
    });
    return res.statusCode;
  };
});
afterAll(() => t.close());

const login = (payload: string, remoteAddress = address()) =>
  t.call({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
    remoteAddress,
  });

describe('jsonShapeFits', () => {
  it('counts brackets and values outside strings only', () => {
    expect(jsonShapeFits('{"a":[1,2,{"b":"[[[,,,"}]}')).toBe(true);
    expect(jsonShapeFits('"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\\"')).toBe(true);
    expect(jsonShapeFits('['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH))).toBe(true);
    expect(jsonShapeFits('['.repeat(JSON_MAX_DEPTH + 1) + ']'.repeat(JSON_MAX_DEPTH + 1))).toBe(false);
    expect(
      jsonShapeFits(
        `[${Array(JSON_MAX_VALUES - 1)
          .fill(0)
          .join(',')}]`,
      ),
    ).toBe(true);
    expect(
      jsonShapeFits(
        `[${Array(JSON_MAX_VALUES + 1)
          .fill('[]')
          .join(',')}]`,
      ),
    ).toBe(false);
    // An escaped backslash before a quote ends the string: the brackets after it count.
    expect(jsonShapeFits(`["\\\\"${',['.repeat(JSON_MAX_DEPTH + 1)}`)).toBe(false);
  });
});

describe('a body meant to stop the queue', () => {
  it('to sign-in: over 8 KB is refused by its size, and a real sign-in body still answers', async () => {
    const nested = await login('['.repeat(400_000) + ']'.repeat(400_000));
    expect(nested.statusCode).toBe(413);
    expect(nested.json()).toEqual({ error: 'Payload too large', errorMessage: expect.any(String) });
    const padded = await login(JSON.stringify({ email: 'a@b.kz', password: 'x'.repeat(9000) }));
    expect(padded.statusCode).toBe(413);
    expect((await login(JSON.stringify({ email: 'nobody@test.kz', password: 'wrong-1234' }))).statusCode).toBe(401);
  });

  it('to any call: too deep or too many values is a 422 before it is parsed', async () => {
    const deep = await login(`{"email":${'['.repeat(30)}${']'.repeat(30)}}`);
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toEqual({
      error: 'Validation error',
      validationErrors: { body: [expect.stringMatching(/^Слишком сложный JSON/)] },
    });
    // A signed-in call takes up to 1 MB, but not 260,000 empty arrays.
    const arrays = await t.call({
      method: 'POST',
      url: '/api/fixation',
      token: cashier,
      headers: { 'content-type': 'application/json' },
      payload: `{"cardId":"1","canteenId":1,"x":[${Array(260_000).fill('[]').join(',')}]}`,
    });
    expect(arrays.statusCode).toBe(422);
    expect(arrays.json().validationErrors.body[0]).toMatch(/^Слишком сложный JSON/);
    // The scan itself still goes through.
    expect(await scanCard()).toBe(200);
  });

  it('a sender of many refused bodies is refused at once; other senders and signed-in scans are not', async () => {
    const hostile = '10.77.200.200';
    for (let i = 0; i < REFUSED_BODIES_MAX; i++) {
      expect((await login('{"email":', hostile)).statusCode).toBe(422);
    }
    const next = await login(JSON.stringify({ email: 'nobody@test.kz', password: 'wrong-1234' }), hostile);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // Another address signs in as ever; a scan from the hostile one (signed in) is recorded.
    expect((await login(JSON.stringify({ email: 'nobody@test.kz', password: 'wrong-1234' }))).statusCode).toBe(401);
    expect(await scanCard(hostile)).toBe(200);
  });
});
