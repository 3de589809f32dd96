import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';

/**
 * A code dies after 5 tries, however the guesses arrive. A guesser with many addresses (the rate
 * limit is per address) sends a burst of guesses at once: only 5 of them may be compared, so the
 * right code placed at a random spot in a burst of 30 gets through about one time in six, not
 * every time. Runs against PostgreSQL too, where the burst really is concurrent.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ROUNDS = 12;
const BURST = 30;

describe('PUT /api/auth/password/recovery under a burst of guesses', () => {
  it('compares at most 5 guesses of one code, so a burst rarely contains an accepted one', async () => {
    const email = 'burst@test.kz';
    await createUser(t.db, { email });
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.advance(61_000);
      expect(
        (await t.call({ method: 'POST', url: '/api/auth/password/recovery', payload: { email } })).statusCode,
      ).toBe(200);
      const code = /\b\d{6}\b/.exec((await t.smtp.lastTo(email)).text)![0];
      const wrong = code === '000000' ? '000001' : '000000';
      const rightAt = Math.floor(Math.random() * BURST);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          t.call({
            method: 'PUT',
            url: '/api/auth/password/recovery',
            remoteAddress: `10.1.${round}.${i + 1}`,
            payload: {
              email,
              code: i === rightAt ? code : wrong,
              password: 'guessed-pass-1',
              password_confirmation: 'guessed-pass-1',
            },
          }),
        ),
      );
      accepted += answers.filter((a) => a.statusCode === 200).length;
      const refused = answers.filter((a) => a.statusCode === 422).map((a) => a.json().validationErrors.code[0]);
      // Whatever the order, no more than 4 wrong guesses are told "wrong"; the rest find the code dead.
      expect(refused.filter((m: string) => m === 'Неверный код подтверждения').length).toBeLessThanOrEqual(4);
    }
    // Expected about ROUNDS × 5/30 = 2; comparing every guess would accept in nearly every round.
    expect(accepted).toBeLessThanOrEqual(7);
  });
});
