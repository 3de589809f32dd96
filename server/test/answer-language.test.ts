import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, signedIn } from './factories.ts';
import { createCanteen, createCard, createClassroom, createFixationCategory, createPupil } from './factories-people.ts';
import { createSchool, createUser } from './factories.ts';

/** Error answers in the language the request asks for: Russian by default, Kazakh when asked. */
let t: TestContext;
let canteen: { id: number };
let cashier: string;
const LUNCH = new Date('2026-11-20T08:00:00Z');

beforeAll(async () => {
  t = await createTestContext();
  const company = await createOrganization(t.db, { type: 'company' });
  canteen = await createCanteen(t.db, { organizationId: company.id });
  await createFixationCategory(t.db, {
    organizationId: company.id,
    name: 'Обед',
    timeStart: '12:00',
    timeFinish: '15:00',
  });
  cashier = (await signedIn(t.platform, { role: 'Cashier', organizationId: company.id })).token;
  const person = await createUser(t.db, { role: undefined as never, roleId: null, organizationId: company.id });
  await createCard(t.db, { organizationId: company.id, userId: person.id, number: 'KK0001' });
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = new Date(LUNCH);
});

const scan = (payload: Record<string, unknown>, language?: string, token: string | null = cashier) =>
  t.call({
    method: 'POST',
    url: '/api/fixation',
    ...(token ? { token } : {}),
    payload,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

describe('the language of error answers', () => {
  it('answers a refusal in Kazakh when asked, in Russian otherwise', async () => {
    const kk = await scan({ cardId: 'NO-SUCH-CARD', canteenId: canteen.id }, 'kk-KZ,kk;q=0.9,ru;q=0.8');
    expect(kk.statusCode).toBe(404);
    expect(kk.json().errorMessage).toBe('Карта табылмады');
    const ru = await scan({ cardId: 'NO-SUCH-CARD', canteenId: canteen.id }, 'ru');
    expect(ru.json().errorMessage).toBe('Карта не найдена');
    const none = await scan({ cardId: 'NO-SUCH-CARD', canteenId: canteen.id });
    expect(none.json().errorMessage).toBe('Карта не найдена');
  });

  it('answers a message made with a time in Kazakh, with the same time', async () => {
    expect((await scan({ cardId: 'KK0001', canteenId: canteen.id })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const again = await scan({ cardId: 'KK0001', canteenId: canteen.id }, 'kk');
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe('Бүгін 13:00-де тамақ алып қойған');
  });

  it('answers field errors in Kazakh, field by field, keeping the shape', async () => {
    const res = await scan({ canteenId: canteen.id, scannedAt: 'yesterday' }, 'kk');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation error',
      validationErrors: { cardId: ['Міндетті өріс'], scannedAt: ['Сканерлеу уақыты қате'] },
    });
  });

  it('answers the cashbox in Kazakh: an empty order and a school not found', async () => {
    const school = await createOrganization(t.db, { type: 'education' });
    const seller = (await signedIn(t.platform, { role: 'EducationCashier', organizationId: school.id })).token;
    const res = await t.call({
      method: 'POST',
      url: '/api/order',
      token: seller,
      payload: { organization_id: school.id, payment_type: 'cash', products: [] },
      headers: { 'accept-language': 'kk' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.values(res.json().validationErrors).flat()).toContain('Себет бос: тағам қосыңыз');
  });

  it('answers a malformed body and a missing sign-in in Kazakh', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/fixation',
      headers: { authorization: `Bearer ${cashier}`, 'content-type': 'application/json', 'accept-language': 'kk' },
      payload: '{"cardId":',
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().validationErrors.body).toEqual(['JSON қате']);
    const anonymous = await scan({ cardId: 'KK0001', canteenId: canteen.id }, 'kk', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errorMessage).toBe('Жүйеге кіру қажет');
  });

  it('answers a forbidden role, an unknown route and a bad idempotency key in Kazakh', async () => {
    const forbidden = await t.call({
      method: 'GET',
      url: '/api/schools',
      token: cashier,
      headers: { 'accept-language': 'kk' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorMessage).toBe('Құқық жеткіліксіз');
    const unknown = await t.call({
      method: 'GET',
      url: '/api/no-such-thing',
      token: cashier,
      headers: { 'accept-language': 'kk' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMessage).toBe('Табылмады');
    const key = await t.call({
      method: 'POST',
      url: '/api/fixation',
      token: cashier,
      payload: { cardId: 'KK0001', canteenId: canteen.id },
      headers: { 'accept-language': 'kk', 'idempotency-key': 'bad key!' },
    });
    expect(key.statusCode).toBe(422);
    expect(key.json().validationErrors.idempotencyKey).toEqual(['Идемпотенттілік кілті қате']);
  });

  it('answers a school admin and a kindergarten admin each in their own Kazakh words', async () => {
    const org = await createOrganization(t.db, { type: 'education' });
    const admin = (await signedIn(t.platform, { role: 'EducationAdmin', organizationId: org.id })).token;
    const school = await createSchool(t.db, { organizationId: org.id });
    const klass = await createClassroom(t.db, { organizationId: org.id, schoolId: school.id, name: '5 А' });
    await createPupil(t.db, { organizationId: org.id, schoolId: school.id, classroomId: klass.id });
    const kk = { 'accept-language': 'kk' };
    const busy = await t.call({ method: 'DELETE', url: `/api/school/${school.id}`, token: admin, headers: kk });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errorMessage).toBe(
      'Сыныптары бар мектепті жою мүмкін емес: алдымен оларды жойыңыз немесе ауыстырыңыз',
    );
    const taken = await t.call({
      method: 'POST',
      url: '/api/classroom',
      token: admin,
      payload: { schoolId: school.id, name: '5 а' },
      headers: kk,
    });
    expect(taken.json().validationErrors).toEqual({ name: ['Бұл мектепте мұндай атаулы сынып бұрыннан бар'] });

    const garden = await createOrganization(t.db, { type: 'kindergarten' });
    const nanny = (await signedIn(t.platform, { role: 'EducationKindergartenAdmin', organizationId: garden.id })).token;
    const gone = await t.call({ method: 'GET', url: `/api/classroom/${klass.id}`, token: nanny, headers: kk });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorMessage).toBe('Топ табылмады');
  });

  it('answers an import without a file and a library refusal in Kazakh', async () => {
    const org = await createOrganization(t.db, { modules: ['library'] });
    const school = await createSchool(t.db, { organizationId: org.id });
    const librarian = (
      await signedIn(t.platform, { role: 'EducationLibrarian', organizationId: org.id, schoolId: school.id })
    ).token;
    const kk = { 'accept-language': 'kk' };
    const missing = await t.call({ method: 'GET', url: '/api/book/999999', token: librarian, headers: kk });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMessage).toBe('Кітап табылмады');
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/books/upload?school_id=${school.id}`,
      headers: {
        authorization: `Bearer ${librarian}`,
        'content-type': 'multipart/form-data; boundary=x',
        'accept-language': 'kk',
      },
      payload: '--x--\r\n',
    });
    expect(noFile.statusCode).toBe(422);
    expect(Object.values(noFile.json().validationErrors).flat()).toContain('Excel файлын таңдаңыз (xlsx немесе xls)');
  });
});
