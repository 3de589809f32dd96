import { ROLE_IDS, type Role } from '@tamaq/contract/roles';
import type { Db } from '../src/platform/db/client.ts';
import { randomBytes } from 'node:crypto';
import { images, organizations, schools } from '../src/platform/db/schema.ts';
import { users } from '../src/platform/db/schema-people.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { Platform } from '../src/platform/platform.ts';

let seq = 0;
const next = () => ++seq;

type OrgRow = typeof organizations.$inferSelect;
type SchoolRow = typeof schools.$inferSelect;
type UserRow = typeof users.$inferSelect;

export async function createOrganization(
  db: Db,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<OrgRow> {
  const [row] = await db
    .insert(organizations)
    .values({ name: `Организация ${next()}`, type: 'education', ...overrides })
    .returning();
  return row!;
}

export async function createSchool(db: Db, overrides: Partial<typeof schools.$inferInsert> = {}): Promise<SchoolRow> {
  const organizationId = overrides.organizationId ?? (await createOrganization(db)).id;
  const [row] = await db
    .insert(schools)
    .values({
      name: `Школа ${next()}`,
      city: 'Алматы',
      address: 'ул. Абая, 1',
      regionId: 2,
      ...overrides,
      organizationId,
    })
    .returning();
  return row!;
}

// One hash for every factory user: argon2 is slow on purpose, tests need not pay it per user.
let passwordHash: Promise<string> | null = null;
export const FACTORY_PASSWORD = 'password123';

export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<UserRow> {
  const { role = 'Admin', ...rest } = overrides;
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const organizationId =
    rest.organizationId !== undefined
      ? rest.organizationId
      : role === 'SuperAdmin'
        ? null
        : (await createOrganization(db)).id;
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      name: `Пользователь ${n}`,
      email: `user${n}-${Date.now()}@test.kz`,
      passwordHash: await passwordHash,
      roleId: ROLE_IDS[role],
      ...rest,
      organizationId,
    })
    .returning();
  return row!;
}

/** A signed token for a user, as the login would give it. */
export async function tokenFor(platform: Platform, user: UserRow): Promise<string> {
  const role = (Object.keys(ROLE_IDS) as Role[]).find((r) => ROLE_IDS[r] === user.roleId)!;
  return platform.sessions.start({
    userId: user.id,
    role,
    organizationId: user.organizationId,
    schoolId: user.schoolId,
    tokenVersion: user.tokenVersion,
  });
}

/** A user with a token in one call. */
/** The download token (links only, 10 minutes) of a session token: what the web puts in a link. */
export async function linkToken(platform: Platform, session: string): Promise<string> {
  const payload = await platform.tokens.verify(session);
  if (!payload) throw new Error('linkToken: not a live session token');
  const { sub, role, org, school, tv, sid, sg } = payload;
  return platform.tokens.sign({ sub, role, org, school, tv, sid, sg }, 'download');
}

export async function signedIn(platform: Platform, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(platform.db, overrides);
  return { user, token: await tokenFor(platform, user) };
}

/** A stored image row (one pixel) uploaded by `ownerId`, for tests that attach or remove photos. */
export async function createImage(db: Db, ownerId: number | null) {
  const [row] = await db
    .insert(images)
    .values({
      key: randomBytes(8).toString('hex'),
      mime: 'image/webp',
      width: 1,
      height: 1,
      bytes: Buffer.from([0]),
      etag: 'e',
      ownerId,
    })
    .returning();
  return row!;
}
