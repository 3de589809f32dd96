import { roleById, ROLE_IDS, type Role } from '@tamaq/contract/roles';
import { canGrant, userMessages, worksWithPupilsOnly, type UserCreate, type UserUpdate } from '@tamaq/contract/users';
import type { Actor } from '../../platform/auth/actors.ts';
import { everywhere, inScope, scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type UserRecord, type UsersRepository, type UserValues } from './users.repository.ts';

const invalid = (field: string, message: string) => ValidationError.field(field, message);

export const roleOf = (roleId: number | null): Role | null => (roleId === null ? null : (roleById(roleId) ?? null));

/**
 * The social wallet dates after a category change (docs/domain.md): becoming an `sw` category sets the
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

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The wallet's last day (included) from its reset date (the first day it no longer holds). */
export const walletLastDay = (reset: string | null): string | null =>
  reset === null ? null : new Date(Date.parse(`${reset}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The social wallet's period as asked (docs/rules.md "The social wallet's dates"): undefined keeps, null clears. */
export interface WalletAsk {
  from?: string | null | undefined;
  to?: string | null | undefined;
  order?: string | null | undefined;
}

/**
 * The social wallet's dates after a change of category or of the dates asked: the dates the list
 * gives are taken (its first day; its last day, stored as the day after); what is not given follows
 * the category as `socialWalletDates` does. A start after today, an end before the start, or dates
 * for a category that is not a social wallet one are refused on their field.
 */
export function walletPeriod(
  before: { type: 'sw' | 'common' | null; set: string | null; reset: string | null },
  afterType: 'sw' | 'common' | null,
  today: string,
  ask: WalletAsk,
  M: { walletFromFuture: string; walletOrder: string; walletOnlySw: string },
): { set: string | null; reset: string | null } {
  const auto = socialWalletDates(before, afterType, today);
  if (afterType !== 'sw') {
    if (ask.from) throw invalid('social_wallet_from', M.walletOnlySw);
    if (ask.to && before.type !== 'sw') throw invalid('social_wallet_to', M.walletOnlySw);
    if (ask.order && before.type !== 'sw') throw invalid('social_wallet_order', M.walletOnlySw);
    return ask.to && before.type === 'sw' ? { set: auto.set, reset: nextDay(ask.to) } : auto;
  }
  const set = ask.from !== undefined ? ask.from : auto.set;
  const reset = ask.to !== undefined ? (ask.to === null ? null : nextDay(ask.to)) : auto.reset;
  if (set !== null && set > today) throw invalid('social_wallet_from', M.walletFromFuture);
  if (set !== null && reset !== null && reset <= set) throw invalid('social_wallet_to', M.walletOrder);
  return { set, reset };
}

type Today = (organizationId: number | null, tx: Db) => Promise<string>;

/**
 * The row to write for a create (`existing` null) or an update: an absent field keeps its value,
 * `null` clears it. Every referenced row must be of the user's organization and inside the
 * caller's scope; a class also decides the school.
 */
export async function resolveValues(
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
  // A pupil's sign-in is a pupil's: someone outside a class has none to give.
  if (role === 'Student' && classroomId === null) throw invalid('role_id', M.studentInClass);
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
  const ask: WalletAsk = { from: body.social_wallet_from, to: body.social_wallet_to, order: body.social_wallet_order };
  const walletAsked = ask.from !== undefined || ask.to !== undefined || ask.order !== undefined;
  if (changed(foodCategoryId, existing?.foodCategoryId) || walletAsked) {
    const category = foodCategoryId === null ? null : await repo.findFoodCategory(foodCategoryId, tx);
    if (foodCategoryId !== null && (!category || category.organizationId !== organizationId)) {
      throw invalid('food_category_id', M.foodCategoryNotFound);
    }
    const beforeType = existing?.foodCategoryId ? await repo.foodCategoryType(existing.foodCategoryId, tx) : null;
    walletDates = walletPeriod(
      {
        type: beforeType,
        set: existing?.socialWalletSetDate ?? null,
        reset: existing?.socialWalletResetDate ?? null,
      },
      category?.type ?? null,
      await today(organizationId, tx),
      ask,
      M,
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
  if (body.social_wallet_order !== undefined) values.socialWalletOrder = body.social_wallet_order;
  if (passwordHash) values.passwordHash = passwordHash;
  // A new password or role set by an admin ends the sessions the user has.
  const bumpTokens = existing !== null && (passwordHash !== null || roleId !== existing.roleId);
  return { values, bumpTokens };
}
