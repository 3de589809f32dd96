import { sql } from 'drizzle-orm';
import { HEADERS } from '@tamaq/contract/constants';
import { makeBin, makeIin } from '@tamaq/contract/kz-id';
import { ROLES, type Role } from '@tamaq/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/platform/auth/guard.ts';
import { createTestContext, type TestContext } from './test-app.ts';
import { createOrganization, createSchool, createUser, linkToken, signedIn } from './factories.ts';
import {
  createCanteen,
  createCard,
  createClassroom,
  createFixationCategory,
  createFoodCategory,
  createPupil,
  createWatch,
} from './factories-people.ts';

/**
 * Walks every /api route the app declares and sends it malformed input as a role that may call it:
 * bad path parameters, bad query strings, and JSON bodies of the wrong shape or with every field of
 * the wrong type. Whatever comes in, the answer is never a 500; a 422 has the `validationErrors`
 * shape and leaves the business tables as they were. The fields come from the routes' own schemas
 * (the OpenAPI document the contract's zod schemas produce), so a route added later is fuzzed too.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** The rows of one organization that the plausible values of a body point to. */
interface Fixtures {
  orgId: number;
  schoolId: number;
  classroomId: number;
  pupilId: number;
  staffId: number;
  cardId: number;
  cardNumber: string;
  foodCategoryId: number;
  watchId: number;
  canteenId: number;
  fixationCategoryId: number;
}
interface Actor {
  label: string;
  token?: string;
  /** The download token a link carries. */
  link?: string;
  fx: Fixtures;
}

let t: TestContext;
let doc: Doc;
const actors = new Map<string, Actor>();
const everyFixtures: Fixtures[] = [];
/** A user only `POST /api/user/password` may touch, so that no fuzzing actor loses its session. */
let victimId: number;

async function fixtures(type: 'education' | 'kindergarten' | 'company'): Promise<Fixtures> {
  const org = await createOrganization(t.db, { type, name: `Фаззинг ${type}`, modules: ['library'] });
  const organizationId = org.id;
  const school = await createSchool(t.db, { organizationId });
  await createSchool(t.db, { organizationId });
  const classroom = await createClassroom(t.db, { organizationId, schoolId: school.id });
  const foodCategory = await createFoodCategory(t.db, { organizationId, type: 'sw' });
  const pupil = await createPupil(t.db, {
    organizationId,
    schoolId: school.id,
    classroomId: classroom.id,
    foodCategoryId: foodCategory.id,
  });
  const watch = await createWatch(t.db, { organizationId });
  const staff = await createUser(t.db, { organizationId, roleId: null, watchId: watch.id, email: null });
  const canteen = await createCanteen(t.db, { organizationId });
  const fixationCategory = await createFixationCategory(t.db, {
    organizationId,
    timeStart: '00:00',
    timeFinish: '23:59',
  });
  const card = await createCard(t.db, { organizationId, userId: type === 'company' ? staff.id : pupil.id });
  await createCard(t.db, { organizationId });
  return {
    orgId: organizationId,
    schoolId: school.id,
    classroomId: classroom.id,
    pupilId: pupil.id,
    staffId: staff.id,
    cardId: card.id,
    cardNumber: card.number,
    foodCategoryId: foodCategory.id,
    watchId: watch.id,
    canteenId: canteen.id,
    fixationCategoryId: fixationCategory.id,
  };
}

beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
  const byType = {
    education: await fixtures('education'),
    kindergarten: await fixtures('kindergarten'),
    company: await fixtures('company'),
    // The super admin's organization: what it edits (type, status, modules) touches nobody else.
    superAdmin: await fixtures('education'),
  };
  everyFixtures.push(...Object.values(byType));
  victimId = (await createUser(t.db, { role: 'Admin', organizationId: byType.company.orgId })).id;
  const orgOf = (role: Role): keyof typeof byType =>
    role === 'SuperAdmin' || role === 'Parent'
      ? 'superAdmin'
      : role === 'Admin' || role === 'Cashier' || role === 'Economist'
        ? 'company'
        : role === 'EducationKindergartenAdmin'
          ? 'kindergarten'
          : 'education';
  for (const role of ROLES.filter((r) => r !== 'Student')) {
    const fx = byType[orgOf(role)];
    const organizationId = role === 'SuperAdmin' || role === 'Parent' ? null : fx.orgId;
    const { token } = await signedIn(t.platform, { role, organizationId });
    actors.set(role, { label: role, token, link: await linkToken(t.platform, token), fx });
  }
  const edu = byType.education;
  const locked = await signedIn(t.platform, {
    role: 'EducationAdmin',
    organizationId: edu.orgId,
    schoolId: edu.schoolId,
  });
  actors.set('EducationAdmin@school', {
    label: 'EducationAdmin locked to a school',
    token: locked.token,
    link: await linkToken(t.platform, locked.token),
    fx: edu,
  });
  actors.set('public', { label: 'no token', fx: edu });
});
afterAll(() => t.close());

/** `FUZZ_FULL=1`: every caller of a route gets the whole battery (minutes, not seconds). */
const FULL = process.env.FUZZ_FULL === '1';

/** Who calls a route: every kind of organization among the allowed roles, at most three callers. */
function callersOf(access: Access): Actor[] {
  if (access === 'public') return [actors.get('public')!];
  if (access === 'authenticated') return ['Admin', 'EducationAdmin', 'SuperAdmin'].map((r) => actors.get(r)!);
  const picked: Actor[] = [];
  const seen = new Set<number>();
  for (const role of access) {
    const actor = actors.get(role);
    if (!actor || seen.has(actor.fx.orgId)) continue;
    seen.add(actor.fx.orgId);
    picked.push(actor);
  }
  if (access.includes('EducationAdmin')) picked.push(actors.get('EducationAdmin@school')!);
  return FULL ? picked : picked.slice(0, 3);
}

const HUGE = 'x'.repeat(100_000);
const PATH_VALUES = ['0', '-1', '1e3', '99999999999', '%00', 'abc', 'x'.repeat(2000), '1.5', '%F0%9F%98%80%E2%80%AE'];
const QUERY_VALUES = [
  '0',
  '-1',
  '1e3',
  '99999999999',
  '%00',
  'abc',
  'x'.repeat(2000),
  '',
  '1.5',
  '%E2%80%AE%F0%9F%98%80',
  '%25_%5C',
  '2026-13-45',
];
/** Values every body field gets in turn, the other fields staying plausible. */
const FIELD_VALUES: [string, unknown][] = [
  ['an array', [1, 'x']],
  ['an object', { a: { b: [1] } }],
  ['null', null],
  ['true', true],
  ['-1', -1],
  ['1.5', 1.5],
  ['2^31', 2_147_483_648],
  ['1e308', 1e308],
  ['""', ''],
  ['"99999999999"', '99999999999'],
  ['100 KB', HUGE],
  ['a NUL', 'a\u0000b'],
  ['RTL and emoji', '\u202Eабв😀\u200F'],
  ['a lone surrogate', 'a\uD800b'],
  ['2026-13-45', '2026-13-45'],
  ['25:99', '25:99'],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['a missing id', 999_999],
];
const REACHES_RULES = new Set([
  'null',
  'a missing id',
  '""',
  '"99999999999"',
  'RTL and emoji',
  'a lone surrogate',
  '2026-13-45',
]);
/** Whole bodies of the wrong shape, as raw JSON text. */
const RAW_BODIES: [string, string][] = [
  ['null', 'null'],
  ['[]', '[]'],
  ['"x"', '"x"'],
  ['1', '1'],
  ['{}', '{}'],
  ['broken JSON', '{"name":'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['__proto__ only', '{"__proto__":{"id":1,"role_id":1,"organization_id":1}}'],
];
const COMMON_QUERY = [
  'id',
  'limit',
  'offset',
  'query',
  'schoolId',
  'classroomId',
  'organizationId',
  'userId',
  'cardId',
  'number',
  'isPupils',
  'canteenId',
  'fixationCategoryId',
  'token',
];

let serial = 0;
/** What a well-meaning client would send in a field, so the other fields' bad values reach the service. */
function plausible(name: string, schema: JsonSchema, url: string, fx: Fixtures): unknown {
  const n = ++serial;
  const types = [schema.type ?? (schema.anyOf ?? schema.oneOf ?? []).map((s) => s.type)].flat();
  if (schema.enum?.length) return schema.enum[0];
  switch (name) {
    case 'id':
      if (url.includes('/user/password')) return victimId;
      if (url.includes('/school')) return fx.schoolId;
      if (url.includes('/classroom')) return fx.classroomId;
      if (url.includes('/canteen')) return fx.canteenId;
      if (url.includes('/watch')) return fx.watchId;
      if (url.includes('/fixation/category')) return fx.fixationCategoryId;
      if (url.includes('/food/category')) return fx.foodCategoryId;
      if (url.includes('/organization')) return fx.orgId;
      if (url.includes('/user')) return fx.pupilId;
      return 1;
    case 'email':
    case 'admin_email':
      return `fuzz${n}@test.kz`;
    case 'password':
    case 'password_confirmation':
    case 'admin_password':
      return 'password123';
    case 'password_current':
      return 'not-the-password';
    case 'code':
      return '000000';
    case 'iin':
      return makeIin('100101', 5, 2000 + n * 3);
    case 'bin':
      return makeBin('0101400', 5000 + n * 3);
    case 'region_id':
      return 2;
    case 'school_id':
    case 'schoolId':
      return fx.schoolId;
    case 'classroom_id':
    case 'classroomId':
      return fx.classroomId;
    case 'food_category_id':
      return fx.foodCategoryId;
    case 'watch_id':
      return fx.watchId;
    case 'organization_id':
    case 'organizationId':
      return fx.orgId;
    case 'user_id':
    case 'userId':
      return fx.pupilId;
    case 'cardId':
      return types.includes('integer') && !types.includes('string') ? fx.cardId : fx.cardNumber;
    case 'number':
      return url.includes('/card') ? `FUZZ${n}` : String(n);
    case 'canteenId':
    case 'canteen_id':
      return fx.canteenId;
    case 'category_id':
      // Manual fixation: the school flow filters by food category, the canteen flow by meal time.
      return url.includes('/school') ? fx.foodCategoryId : fx.fixationCategoryId;
    case 'date':
      return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    case 'fixationCategoryId':
      return fx.fixationCategoryId;
    case 'scannedAt':
      return new Date().toISOString();
    case 'endless_use':
      return 'Y';
    case 'time_start':
      return '00:00';
    case 'time_finish':
      return '23:59';
    case 'days':
      return [1, 15];
    case 'cost':
      return '650';
    case 'image_id':
    case 'role_id':
      return null;
    case 'modules':
      return [];
  }
  if (types.includes('string')) return `Фаззинг ${n}`;
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  if (types.includes('array')) return [];
  return null;
}

interface Probe {
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Sent without the caller's bearer token (a download link carries its token in the query). */
  anonymous?: boolean;
}

/** The business tables: a 422 must leave every row of them as it was. */
const FINGERPRINT = sql.raw(
  [
    'organizations',
    'schools',
    'classrooms',
    'users',
    'canteens',
    'watches',
    'fixation_categories',
    'food_categories',
    'cards',
    'parent_invitations',
    'parent_children',
    'school_settings',
    'visits',
    'images',
  ]
    .map((table) => `(select coalesce(sum(xmin::text::bigint), 0) + count(*) from ${table})`)
    .join(" || ',' || "),
);
const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
async function fingerprint(): Promise<string> {
  return String(rowsOf(await t.db.execute(sql`select ${FINGERPRINT} as f`))[0]!.f);
}
/** The next transaction id: unchanged means no transaction wrote anything, so no need to fingerprint. */
async function nextXid(): Promise<string> {
  return String(rowsOf(await t.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot()) as x`))[0]!.x);
}

const isValidation = (body: unknown): boolean => {
  if (!body || typeof body !== 'object') return false;
  const { error, validationErrors, ...rest } = body as Record<string, unknown>;
  if (error !== 'Validation error' || Object.keys(rest).length > 0) return false;
  if (!validationErrors || typeof validationErrors !== 'object' || Array.isArray(validationErrors)) return false;
  const fields = Object.values(validationErrors);
  return (
    fields.length > 0 &&
    fields.every((m) => Array.isArray(m) && m.length > 0 && m.every((x) => typeof x === 'string' && x.length > 0))
  );
};

/** Calls that end or renew the session they are sent with: each gets a session of its own. */
const ENDS_ITS_SESSION = /^(POST \/api\/auth\/(logout|refresh)|PUT \/api\/profile\/password)(\?|$)/;
async function tokenOfProbe(method: string, url: string, actor: Actor): Promise<string | undefined> {
  if (!actor.token || !ENDS_ITS_SESSION.test(`${method} ${url}`)) return actor.token;
  const p = (await t.platform.tokens.verify(actor.token))!;
  return t.platform.sessions.start({
    userId: Number(p.sub),
    role: p.role,
    organizationId: p.org,
    schoolId: p.school,
    tokenVersion: p.tv,
  });
}

let addressSeq = 0;
/** The data as the last request left it, while no request may have changed it since. */
let known: { xid: string; fingerprint: string } | null = null;
/** Sends one probe; returns a complaint, or null when the answer is what the product promises. */
async function send(method: string, actor: Actor, probe: Probe, expect422 = false): Promise<string | null> {
  const writes = method !== 'GET';
  if (writes && !known) known = { xid: await nextXid(), fingerprint: await fingerprint() };
  const before = writes ? known : null;
  const res = await t.call({
    method: method as 'POST',
    url: probe.url,
    token: probe.anonymous ? undefined : await tokenOfProbe(method, probe.url, actor),
    // Rate limits count by address: a fresh one per probe lets every probe reach the service.
    remoteAddress: `10.${(++addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`,
    headers: {
      ...probe.headers,
      ...(probe.payload !== undefined ? { 'content-type': probe.contentType ?? 'application/json' } : {}),
    },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
  const where = `${actor.label}: ${method} ${probe.url.slice(0, 120)} ${probe.what}`;
  const text = res.body.slice(0, 300);
  if (writes && res.statusCode !== 422) known = null;
  if (res.statusCode >= 500) return `${where} → ${res.statusCode} ${text}`;
  if (expect422 && res.statusCode !== 422) return `${where} → ${res.statusCode}, expected 422 ${text}`;
  if (res.statusCode === 422) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = null;
    }
    if (!isValidation(body)) return `${where} → 422 of another shape ${text}`;
    if (before) {
      const xid = await nextXid();
      if (xid !== before.xid) {
        known = { xid, fingerprint: await fingerprint() };
        if (known.fingerprint !== before.fingerprint) return `${where} → 422 but the data changed`;
      }
    }
  }
  return null;
}

const withPath = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1');

function pathDefaults(url: string, fx: Fixtures): Record<string, string> {
  const id = plausible('id', {}, url, fx);
  return { id: String(id), key: 'fuzz.png', code: 'fuzz-code' };
}

function operationOf(r: { method: string; url: string }): Operation {
  return doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] ?? {};
}

/**
 * The battery of one route for one caller. The first caller gets all of it; the others (of another
 * kind of organization, or locked to a school) only the body fields, where the rules differ by caller.
 */
function probesFor(
  r: { method: string; url: string },
  actor: Actor,
  primary: boolean,
): { probes: Probe[]; multipart: boolean } {
  const { fx } = actor;
  const op = operationOf(r);
  const content = op.requestBody?.content ?? {};
  const multipart = Object.keys(content).some((c) => c.startsWith('multipart/'));
  const jsonSchema = content['application/json']?.schema;
  const props = jsonSchema?.properties ?? {};
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
  const base: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(props)) base[name] = plausible(name, schema, r.url, fx);
  // The same fields pointing into another organization: its rows must look missing, not break a constraint.
  const other = everyFixtures.find((f) => f.orgId !== fx.orgId)!;
  const foreign: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(props)) {
    const value = plausible(name, schema, r.url, other);
    if (typeof value === 'number' && value !== base[name]) foreign[name] = value;
  }
  // A multipart route gets JSON instead of a file; other routes get a plausible body.
  const basePayload = hasBody ? JSON.stringify(base) : undefined;
  const defaults = pathDefaults(r.url, fx);
  const probes: Probe[] = [];
  const url = withPath(r.url, defaults);
  if (!primary) {
    return {
      probes: hasBody && !multipart && jsonSchema ? fieldProbes(url, props, base, foreign, false) : [],
      multipart,
    };
  }

  // Path parameters.
  for (const name of [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
    for (const value of PATH_VALUES) {
      probes.push({
        what: `with :${name}=${value.slice(0, 20)}`,
        url: withPath(r.url, { ...defaults, [name]: value }),
        payload: basePayload,
      });
    }
  }

  // Query strings: each declared parameter alone, all of them at once, repeated; undeclared common names.
  // A delete ignores what it does not declare: the query alone must not delete the caller's fixtures.
  const queryUrl = r.method === 'DELETE' ? withPath(r.url, { ...defaults, id: '999999' }) : url;
  const declared = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const name of declared) {
    for (const value of QUERY_VALUES) {
      probes.push({
        what: `with ?${name}=${value.slice(0, 20)}`,
        url: `${queryUrl}?${name}=${value}`,
        payload: basePayload,
      });
    }
    probes.push({ what: `with ?${name} twice`, url: `${queryUrl}?${name}=1&${name}=2`, payload: basePayload });
    probes.push({ what: `with ?${name}[a]=1`, url: `${queryUrl}?${name}%5Ba%5D=1`, payload: basePayload });
  }
  if (declared.includes('token')) {
    for (const value of QUERY_VALUES) {
      probes.push({ what: `by link with ?token=${value.slice(0, 20)}`, url: `${url}?token=${value}`, anonymous: true });
    }
    for (const name of declared.filter((x) => x !== 'token')) {
      probes.push({
        what: `by link with ?${name}=abc`,
        url: `${url}?token=${encodeURIComponent(actor.link ?? '')}&${name}=abc`,
        anonymous: true,
      });
    }
  }
  // Parameters a route does not declare are dropped before the handler: a few values show that.
  const names = declared.length ? declared : COMMON_QUERY;
  for (const value of declared.length ? QUERY_VALUES : QUERY_VALUES.slice(3, 7)) {
    probes.push({
      what: `with every query parameter ${value.slice(0, 20)}`,
      url: `${queryUrl}?${names.map((name) => `${name}=${value}`).join('&')}`,
      payload: basePayload,
    });
  }

  if (!hasBody || multipart || !jsonSchema) return { probes, multipart };

  // Bodies of the wrong shape, then every field in turn of the wrong type, then all fields at once.
  for (const [what, payload] of RAW_BODIES) probes.push({ what: `with body ${what}`, url, payload });
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16le']) {
    probes.push({ what: `with a ${contentType} body`, url, payload: 'name=x', contentType });
  }
  const rest = JSON.stringify(base).slice(1);
  probes.push({
    what: 'with __proto__ and constructor keys',
    url,
    payload: `{"__proto__":{"role_id":1,"organization_id":1},"constructor":{"prototype":{"x":1}}${rest === '}' ? '' : ','}${rest}`,
  });
  // The scan's Idempotency-Key: malformed, and one key sent twice (the second is a replay).
  for (const key of ['', 'short', 'k'.repeat(300), '../../etc', 'fuzz-key-0123456789', 'fuzz-key-0123456789']) {
    probes.push({
      what: `with Idempotency-Key ${key.slice(0, 20)}`,
      url,
      payload: basePayload,
      headers: { [HEADERS.idempotency]: key },
    });
  }
  probes.push(...fieldProbes(url, props, base, foreign, true));
  return { probes, multipart };
}

/** Every field in turn of the wrong type (or missing), the others plausible; then all fields at once. */
function fieldProbes(
  url: string,
  props: Record<string, JsonSchema>,
  base: Record<string, unknown>,
  foreign: Record<string, unknown>,
  primary: boolean,
): Probe[] {
  const probes: Probe[] = [];
  for (const [field, value] of Object.entries(foreign)) {
    probes.push({
      what: `with ${field} of another organization`,
      url,
      payload: JSON.stringify({ ...base, [field]: value }),
    });
  }
  // Values of the wrong type meet the same schema whoever calls; the others reach each caller's rules.
  const values = primary ? FIELD_VALUES : FIELD_VALUES.filter(([what]) => REACHES_RULES.has(what));
  for (const field of Object.keys(props)) {
    for (const [what, value] of values) {
      probes.push({ what: `with ${field} = ${what}`, url, payload: JSON.stringify({ ...base, [field]: value }) });
    }
    if (!primary) continue;
    const without = { ...base };
    delete without[field];
    probes.push({ what: `without ${field}`, url, payload: JSON.stringify(without) });
  }
  if (!primary) return probes;
  for (const [what, value] of values) {
    const all = Object.fromEntries(Object.keys(props).map((field) => [field, value]));
    probes.push({ what: `with every field = ${what}`, url, payload: JSON.stringify(all) });
  }
  return probes;
}

describe('every /api route given malformed input', () => {
  it('has its schemas in the OpenAPI document (the fuzzer knows the fields)', () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBeGreaterThan(50);
    const bodies = routes.filter((r) => operationOf(r).requestBody);
    expect(bodies.length).toBeGreaterThan(20);
  });

  // Its time limit is a hang detector: in CI it runs at the lowest priority beside the browser tests,
  // and on a loaded machine it took over 5 minutes once.
  it('never answers 500, and every 422 is a validation error that changed nothing', { timeout: 900_000 }, async () => {
    const complaints: string[] = [];
    let sent = 0;
    for (const r of t.app.routeAccess) {
      for (const [i, actor] of callersOf(r.access).entries()) {
        const { probes, multipart } = probesFor(r, actor, FULL || i === 0);
        for (const probe of probes) {
          const complaint = await send(r.method, actor, probe);
          sent++;
          if (complaint) complaints.push(complaint);
        }
        if (multipart && (FULL || i === 0)) {
          // An upload takes a file: JSON or text instead of multipart is refused as bad input.
          const url = withPath(r.url, pathDefaults(r.url, actor.fx));
          for (const probe of [
            { what: 'with JSON instead of a file', url, payload: '{"file":"x","image":"x"}' },
            { what: 'with an empty JSON body', url, payload: '{}' },
            { what: 'with text instead of a file', url, payload: 'x', contentType: 'text/plain' },
          ]) {
            const complaint = await send(r.method, actor, probe, true);
            sent++;
            if (complaint) complaints.push(complaint);
          }
        }
      }
    }
    console.info(`fuzz: ${sent} requests to ${t.app.routeAccess.length} routes`);
    expect(complaints).toEqual([]);
  });
});
