import { classroomRef, schoolRef } from '../../platform/db/places.ts';
import type { Ok } from '@tamaq/contract/common';
import { imageUrl } from '@tamaq/contract/images';
import { ROLE_IDS } from '@tamaq/contract/roles';
import {
  canGrant,
  userMessages,
  worksWithPupilsOnly,
  type User,
  type UserCreate,
  type UserList,
  type UserListQuery,
  type UserRow,
  type UserUpdate,
} from '@tamaq/contract/users';
import { createOnce, requestDigest } from '../../platform/http/idempotency.ts';
import type { Actor } from '../../platform/auth/actors.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { inScope, scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, forbidden, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { createUsersRepository, userScope, type UserListRecord, type UserRecord } from './users.repository.ts';
import { resolveValues, roleOf, walletLastDay } from './user-values.ts';

const invalid = (field: string, message: string) => ValidationError.field(field, message);

export function toUser(r: UserRecord | UserListRecord): User {
  return {
    id: r.id,
    name: r.name,
    job_title: r.jobTitle,
    iin: r.iin,
    email: r.email,
    language: r.language ?? 'ru',
    role_id: r.roleId,
    role: roleOf(r.roleId),
    image_id: r.imageId,
    image: r.imageId !== null && r.imageKey ? { id: r.imageId, url: imageUrl(r.imageKey) } : null,
    watch_id: r.watchId,
    organization_id: r.organizationId,
    school_id: r.schoolId,
    classroom_id: r.classroomId,
    region_id: r.regionId,
    food_category_id: r.foodCategoryId,
    social_wallet_set_date: r.socialWalletSetDate,
    social_wallet_reset_date: r.socialWalletResetDate,
    social_wallet_to: walletLastDay(r.socialWalletResetDate),
    social_wallet_order: r.socialWalletOrder,
  };
}

function toRow(r: UserListRecord): UserRow {
  return {
    ...toUser(r),
    foodCategory:
      r.foodCategoryId !== null && r.foodCategoryName !== null && r.foodCategoryType !== null
        ? { id: r.foodCategoryId, name: r.foodCategoryName, type: r.foodCategoryType }
        : null,
    region: r.regionId !== null && r.regionName !== null ? { id: r.regionId, name: r.regionName } : null,
    school:
      r.schoolId !== null && r.schoolName !== null
        ? {
            ...schoolRef(r.schoolId, {
              schoolName: r.schoolName,
              schoolNameKk: r.schoolNameKk,
              schoolNameRuMissing: r.schoolNameRuMissing ?? false,
            }),
            bin: r.schoolBin,
          }
        : null,
    classroom: classroomRef(r.classroomId, r),
    cards_count: r.cardsCount,
  };
}

/** The rules of the user form: who may give which role, which rows a user may point to. */
export function createUsersService(platform: Pick<Platform, 'actors' | 'db' | 'now'>) {
  const repo = createUsersRepository(platform.db);

  const today = async (organizationId: number | null, tx: Db) => {
    const org = organizationId === null ? null : await repo.findOrganization(organizationId, tx);
    return localDate(platform.now(), org?.timeZone);
  };

  /** A user the caller may see (a social teacher: pupils only), or 404 as if missing. */
  const visible = async (actor: Actor, id: number, tx?: Db) => {
    const user = await repo.find(id, userScope(scopeOf(actor), worksWithPupilsOnly(actor.role)), tx);
    if (!user) throw notFound(userMessages(actor.role).notFound);
    return user;
  };

  /** A user the caller may see, and may change only if they could give that user's role. */
  const editable = async (actor: Actor, id: number, tx: Db) => {
    const user = await visible(actor, id, tx);
    if (!canGrant(actor.role, roleOf(user.roleId))) throw forbidden(userMessages(actor.role).editForbidden);
    return user;
  };

  const write = (
    actor: Actor,
    body: UserCreate | UserUpdate,
    existing: UserRecord | null,
    passwordHash: string | null,
    tx: Db,
  ) => resolveValues(platform, repo, actor, body, existing, passwordHash, tx, today);

  // argon2 is slow on purpose: hash before the transaction, so it holds no connection meanwhile.
  const hashOf = async (password: string | undefined) => (password ? hashPassword(password) : null);

  return {
    async list(actor: Actor, q: UserListQuery): Promise<UserList> {
      const scope = scopeOf(actor);
      const M = userMessages(actor.role);
      if (q.classroomId !== undefined) {
        if (!(await repo.classroom(q.classroomId, scope))) throw notFound(M.classroomNotFound);
      }
      if (q.schoolId !== undefined) {
        const school = await repo.findSchool(q.schoolId);
        if (!school || !inScope({ organizationId: school.organizationId, schoolId: school.id }, scope)) {
          throw notFound(M.schoolNotFound);
        }
      }
      const searchIn =
        q.classroomId !== undefined
          ? (['name'] as const)
          : q.isPupils
            ? (['name', 'iin', 'card'] as const)
            : (['name', 'jobTitle', 'card'] as const);
      const { total, rows } = await repo.list(
        {
          tenant: userScope(scope, worksWithPupilsOnly(actor.role)),
          organizationId: scope.all ? q.organizationId : undefined,
          classroomId: q.classroomId,
          schoolId: q.schoolId,
          pupilsOnly: q.isPupils,
          roleId: q.role === undefined ? undefined : q.role === 'none' ? null : ROLE_IDS[q.role],
          search: q.query ? { text: q.query, in: searchIn } : undefined,
        },
        q.limit,
        q.offset,
      );
      return { total, rows: rows.map(toRow) };
    },

    get: async (actor: Actor, id: number): Promise<User> => toUser(await visible(actor, id)),

    /** With an Idempotency-Key, a retry whose answer was lost gets the user the first one created. */
    async create(actor: Actor, body: UserCreate, key: string | null = null): Promise<User> {
      const passwordHash = await hashOf(body.password);
      const id = await saving(actor, () =>
        // The digest leaves the password out: a hash of it must not be kept beside the key.
        createOnce(
          platform.db,
          { userId: actor.userId, key, kind: 'user', digest: requestDigest({ ...body, password: undefined }) },
          async (tx) => {
            const { values } = await write(actor, body, null, passwordHash, tx);
            return repo.insert({ ...values, name: body.name }, tx);
          },
        ),
      );
      return this.get(actor, id);
    },

    async update(actor: Actor, body: UserUpdate): Promise<User> {
      const passwordHash = await hashOf(body.password);
      await saving(actor, () =>
        platform.db.transaction(async (tx) => {
          const existing = await editable(actor, body.id, tx);
          const { values, bumpTokens } = await write(actor, body, existing, passwordHash, tx);
          await repo.update(body.id, values, bumpTokens, tx);
        }),
      );
      platform.actors.forget(body.id);
      return this.get(actor, body.id);
    },

    /** Archives the user (visits and reports keep the name), ends their sessions, frees their cards. */
    async remove(actor: Actor, id: number): Promise<Ok> {
      if (id === actor.userId) throw conflict(userMessages(actor.role).deleteSelf);
      await platform.db.transaction(async (tx) => {
        const user = await editable(actor, id, tx);
        const { cardsUnlinked } = await repo.archive(id, platform.now(), tx);
        await audit(tx, actor, {
          action: 'user_delete',
          entity: 'user',
          entityId: id,
          organizationId: user.organizationId,
          before: {
            name: user.name,
            role: roleOf(user.roleId),
            schoolId: user.schoolId,
            classroomId: user.classroomId,
          },
          after: { archived: true, cardsUnlinked },
        });
      });
      platform.actors.forget(id);
      return { success: true };
    },
  };
}

/** Unique violations that slip past the checks (two saves at once) answer like the checks do. */
async function saving<T>(actor: Actor, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const M = userMessages(actor.role);
    if (isUniqueViolation(err, 'users_email_key')) throw invalid('email', M.emailTaken);
    if (isUniqueViolation(err, 'users_organization_iin_key')) throw invalid('iin', M.iinTaken);
    throw err;
  }
}
