import type { Ok } from '@tamaq/contract/common';
import { imageUrl } from '@tamaq/contract/images';
import { roleById, ROLE_IDS, type Role } from '@tamaq/contract/roles';
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
import { everywhere, inScope, scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, forbidden, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import {
  createUsersRepository,
  userScope,
  type UserListRecord,
  type UserRecord,
  type UsersRepository,
  type UserValues,
} from './users.repository.ts';

const invalid = (field: string, message: string) => ValidationError.field(field, message);

export const roleOf = (roleId: number | null): Role | null => (roleId === null ? null : (roleById(roleId) ?? null));

export function toUser(r: UserRecord | UserListRecord): User {
  return {
    id: r.id,
    name: r.name,
    job_title: r.jobTitle,
    iin: r.iin,
    email: r.email,
    language: r.language,
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
      r.schoolId !== null && r.schoolName !== null ? { id: r.schoolId, name: r.schoolName, bin: r.schoolBin } : null,
    classroom: r.classroomId !== null && r.classroomName !== null ? { id: r.classroomId, name: r.classroomName } : null,
    cards_count: r.cardsCount,
  };
}

/**
 * The social wallet dates after a category change (DOMAIN.md): becoming an `sw` category sets the
 * set date to today and clears the reset date; leaving one sets the reset date to today.
 */
export function socialWalletDates(
  before: { type: 'sw' | 'common' | null; set: string | null; reset: string | null },
  afterType: 'sw' | 'common' | null,
  today: string,
): { set: string | null; reset: string | null } {
  if (afterType === 'sw' && before.type !== 'sw') return { set: today, reset: null };
  if (afterType !== 'sw' && before.type === 'sw') return { set: before.set, reset: today };
  return { set: before.set, reset: before.reset };
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

type Today = (organizationId: number | null, tx: Db) => Promise<string>;

/**
 * The row to write for a create (`existing` null) or an update: an absent field keeps its value,
 * `null` clears it. Every referenced row must be of the user's organization and inside the
 * caller's scope; a class also decides the school.
 */
async function resolveValues(
  platform: Pick<Platform, 'actors' | 'db' | 'now'>,
  repo: UsersRepository,
  actor: Actor,
  body: UserCreate | UserUpdate,
  existing: UserRecord | null,
  passwordHash: string | null,
  tx: Db,
  today: Today,
): Promise<{ values: UserValues; bumpTokens: boolean }> {
  const scope = scopeOf(actor);
  const M = userMessages(actor.role);
  const pick = <T>(sent: T | undefined, current: T): T => (sent === undefined ? current : sent);

  const roleId = pick(body.role_id, existing?.roleId ?? null) ?? null;
  const role = roleOf(roleId);
  if (!canGrant(actor.role, role)) throw invalid('role_id', M.roleNotAllowed);

  let classroomId = pick(body.classroom_id, existing?.classroomId ?? null) ?? null;
  let schoolId = pick(body.school_id, existing?.schoolId ?? null) ?? null;
  const classroom = classroomId === null ? null : await repo.classroom(classroomId, everywhere, tx);
  const school = schoolId === null ? null : await repo.findSchool(schoolId, tx);

  // The organization: the caller's own, or for the super admin the one named (or implied by the class).
  let organizationId: number | null;
  if (!scope.all) {
    organizationId = actor.organizationId;
  } else if (role === 'SuperAdmin') {
    organizationId = null;
  } else {
    organizationId =
      body.organization_id ?? existing?.organizationId ?? classroom?.organizationId ?? school?.organizationId ?? null;
    if (organizationId === null) throw invalid('organization_id', M.organizationRequired);
    if (!(await repo.findOrganization(organizationId, tx))) throw invalid('organization_id', M.organizationNotFound);
  }
  const orgChanged = existing === null || organizationId !== existing.organizationId;
  const changed = <T>(value: T, current: T | undefined) => orgChanged || value !== current;

  if (classroomId !== null && changed(classroomId, existing?.classroomId)) {
    if (!classroom || !inScope(classroom, { ...scope, all: false, organizationId })) {
      throw invalid('classroom_id', M.classroomNotFound);
    }
  }
  if (classroom) schoolId = classroom.schoolId;
  else if (classroomId !== null) classroomId = null;
  // A social teacher's people are pupils: what they create or keep must stay in a class.
  if (classroomId === null && worksWithPupilsOnly(actor.role)) throw invalid('classroom_id', M.classroomRequired);
  if (scope.schoolId !== null) {
    if (body.school_id !== undefined && body.school_id !== null && body.school_id !== scope.schoolId) {
      throw invalid('school_id', M.schoolNotFound);
    }
    // A user locked to a school writes only into it (or the new user would vanish from their list).
    schoolId = scope.schoolId;
  }
  if (schoolId !== null && changed(schoolId, existing?.schoolId)) {
    const s = schoolId === school?.id ? school : await repo.findSchool(schoolId, tx);
    if (!s || s.organizationId !== organizationId) throw invalid('school_id', M.schoolNotFound);
  }

  const foodCategoryId = pick(body.food_category_id, existing?.foodCategoryId ?? null) ?? null;
  let walletDates: { set: string | null; reset: string | null } | null = null;
  if (changed(foodCategoryId, existing?.foodCategoryId)) {
    const category = foodCategoryId === null ? null : await repo.findFoodCategory(foodCategoryId, tx);
    if (foodCategoryId !== null && (!category || category.organizationId !== organizationId)) {
      throw invalid('food_category_id', M.foodCategoryNotFound);
    }
    const beforeType = existing?.foodCategoryId ? await repo.foodCategoryType(existing.foodCategoryId, tx) : null;
    walletDates = socialWalletDates(
      {
        type: beforeType,
        set: existing?.socialWalletSetDate ?? null,
        reset: existing?.socialWalletResetDate ?? null,
      },
      category?.type ?? null,
      await today(organizationId, tx),
    );
  }

  const watchId = pick(body.watch_id, existing?.watchId ?? null) ?? null;
  if (watchId !== null && changed(watchId, existing?.watchId)) {
    const watch = await repo.findWatch(watchId, tx);
    if (!watch || watch.organizationId !== organizationId) throw invalid('watch_id', M.watchNotFound);
  }

  if (body.region_id !== undefined && body.region_id !== null && body.region_id !== existing?.regionId) {
    if (!(await repo.regionExists(body.region_id, tx))) throw invalid('region_id', M.regionNotFound);
  }

  if (body.image_id !== undefined && body.image_id !== null && body.image_id !== existing?.imageId) {
    const image = await repo.findImage(body.image_id, tx);
    if (!image || image.ownerId !== actor.userId) throw invalid('image_id', M.imageNotFound);
  }

  const email = pick(body.email, existing?.email ?? null) ?? null;
  if (role !== null && !email) throw invalid('email', M.emailForRole);
  if (email !== null && email !== existing?.email && (await repo.emailTaken(email, existing?.id ?? null, tx))) {
    throw invalid('email', M.emailTaken);
  }
  if (role !== null && !body.password && !existing?.hasPassword) throw invalid('password', M.passwordForRole);

  const iin = pick(body.iin, existing?.iin ?? null) ?? null;
  if (iin !== null && changed(iin, existing?.iin)) {
    if (await repo.iinTaken(organizationId, iin, existing?.id ?? null, tx)) throw invalid('iin', M.iinTaken);
  }

  const values: UserValues = {
    organizationId,
    schoolId,
    classroomId,
    roleId: role === null ? null : ROLE_IDS[role],
    email,
    iin,
    foodCategoryId,
    watchId,
    updatedAt: platform.now(),
  };
  if (body.name !== undefined) values.name = body.name;
  if (body.job_title !== undefined) values.jobTitle = body.job_title;
  if (body.region_id !== undefined) values.regionId = body.region_id;
  if (body.image_id !== undefined) values.imageId = body.image_id;
  if (walletDates) {
    values.socialWalletSetDate = walletDates.set;
    values.socialWalletResetDate = walletDates.reset;
  }
  if (passwordHash) values.passwordHash = passwordHash;
  // A new password or role set by an admin ends the sessions the user has.
  const bumpTokens = existing !== null && (passwordHash !== null || roleId !== existing.roleId);
  return { values, bumpTokens };
}
