import {
  FIXATION_MESSAGES as M,
  SCANNED_AT_MAX_AGE_MS,
  SCANNED_AT_MAX_SKEW_MS,
  type CanteenFixationCreate,
  type Fixation,
  type SchoolFixationCreate,
} from '@tamaq/contract/fixations';
import { normaliseCardNumber } from '@tamaq/contract/cards';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, HttpError, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import { localDate, localMonthDay, localTime } from '../../platform/time.ts';
import { ERROR_CODES, ERROR_MESSAGES } from '@tamaq/contract/errors';
import type { FixationsRepository, ScannedCard } from './fixations.repository.ts';
import type { RepeatGuard } from './repeat-guard.ts';

export const schoolChannel = (schoolId: number) => `school-fixation-${schoolId}`;

export interface FixationsDeps {
  db: Db;
  repo: FixationsRepository;
  repeat: RepeatGuard;
  now: () => Date;
  publish: (channel: string, message: unknown) => void;
  onRecorded: () => void;
}

/** 429 in the shape the web ignores silently on the fixation screens (spec §8). */
const doubleScan = () => new HttpError(429, ERROR_CODES.tooManyRequests, ERROR_MESSAGES.tooManyRequests);

export function createFixationsService({ db, repo, repeat, now, publish, onRecorded }: FixationsDeps) {
  /** When the visit happened: now, or when a scan that waited offline was made (rule 7). */
  const moment = (scannedAt: string | null | undefined): Date => {
    const current = now();
    if (!scannedAt) return current;
    const at = new Date(scannedAt);
    if (at.getTime() - current.getTime() > SCANNED_AT_MAX_SKEW_MS)
      throw ValidationError.field('scannedAt', M.scannedAtFuture);
    if (current.getTime() - at.getTime() > SCANNED_AT_MAX_AGE_MS)
      throw ValidationError.field('scannedAt', M.scannedAtOld);
    // A few seconds of clock skew ahead are recorded as now.
    return at > current ? current : at;
  };

  /** An earlier answer to the same scan (same key): returned as it was, never recorded twice (rule 6). */
  const replay = async (actor: Actor, key: string | null): Promise<Fixation | null> => {
    if (!key) return null;
    const visitId = await repo.idempotentVisit(actor.userId, key);
    return visitId === null ? null : repo.row(visitId);
  };

  const holder = (card: ScannedCard | null, organizationId: number): ScannedCard & { userId: number } => {
    if (!card || card.organizationId !== organizationId) throw notFound(M.cardNotFound);
    if (card.userId === null) throw notFound(M.cardNotLinked);
    return card as ScannedCard & { userId: number };
  };

  const insert = async (
    actor: Actor,
    key: string | null,
    v: Parameters<FixationsRepository['insert']>[0],
    timeZone: string,
  ): Promise<Fixation> => {
    let inserted: { id: number } | null;
    try {
      inserted = await repo.insert(v, key);
    } catch (err) {
      // The same key raced in from a retry: the other request recorded the visit.
      if (key && isUniqueViolation(err)) {
        const again = await replay(actor, key);
        if (again) return again;
      }
      throw err;
    }
    if (!inserted) {
      const first = await repo.firstVisitAt(v.userId, v.visitDate, v.fixationCategoryId);
      throw conflict(M.repeat(first ? localTime(first, timeZone).slice(0, 5) : '—'));
    }
    onRecorded();
    return (await repo.row(inserted.id))!;
  };

  return {
    async recordCanteen(actor: Actor, body: CanteenFixationCreate, key: string | null): Promise<Fixation> {
      const canteen = await repo.canteen(body.canteenId, scopeOf(actor));
      if (!canteen) throw ValidationError.field('canteenId', M.canteenNotFound);
      const at = moment(body.scannedAt);
      const earlier = await replay(actor, key);
      if (earlier) return earlier;
      const card = holder(await repo.scannedCard(normaliseCardNumber(body.cardId)), canteen.organizationId);
      if (!(await repeat.claim(card.cardId))) throw doubleScan();

      let categoryId: number | null;
      if (body.fixationCategoryId && actor.role === 'Admin') {
        categoryId = await repo.categoryOf(canteen.organizationId, body.fixationCategoryId);
        if (categoryId === null) throw ValidationError.field('fixationCategoryId', M.categoryNotFound);
      } else {
        categoryId = await repo.categoryAt(canteen.organizationId, localTime(at, canteen.timeZone));
        if (categoryId === null) throw ValidationError.field('fixationCategoryId', M.noCategoryNow);
      }
      if (card.watchDays && !card.watchDays.includes(localMonthDay(at, canteen.timeZone)))
        throw conflict(M.notWatchDay);

      return insert(
        actor,
        key,
        {
          organizationId: canteen.organizationId,
          schoolId: null,
          canteenId: canteen.id,
          userId: card.userId,
          cardId: card.cardId,
          fixationCategoryId: categoryId,
          classroomId: card.classroomId,
          foodCategoryId: card.foodCategoryId,
          cost: card.foodCategoryCost,
          count: 1,
          oneTime: !card.endlessUse,
          visitDate: localDate(at, canteen.timeZone),
          createdAt: at,
          createdBy: actor.userId,
        },
        canteen.timeZone,
      );
    },

    async recordSchool(actor: Actor, body: SchoolFixationCreate, key: string | null): Promise<Fixation> {
      const school = await repo.school(body.schoolId, scopeOf(actor));
      if (!school) throw ValidationError.field('schoolId', M.schoolNotFound);
      const at = moment(body.scannedAt);
      const earlier = await replay(actor, key);
      if (earlier) return earlier;
      const card = holder(await repo.scannedCard(normaliseCardNumber(body.cardId)), school.organizationId);
      if (card.schoolId !== school.id || card.classroomId === null) throw notFound(M.notPupil);
      if (!(await repeat.claim(card.cardId))) throw doubleScan();
      if (card.foodCategoryId === null) throw conflict(M.noFoodCategory);

      // One serving per day per meal time where the organization defines them, else one per day.
      let categoryId: number | null = null;
      if (await repo.hasCategories(school.organizationId)) {
        categoryId = await repo.categoryAt(school.organizationId, localTime(at, school.timeZone));
        if (categoryId === null) throw conflict(M.noCategoryNow);
      }
      const visit = await insert(
        actor,
        key,
        {
          organizationId: school.organizationId,
          schoolId: school.id,
          canteenId: null,
          userId: card.userId,
          cardId: card.cardId,
          fixationCategoryId: categoryId,
          classroomId: card.classroomId,
          foodCategoryId: card.foodCategoryId,
          cost: card.foodCategoryCost,
          count: 1,
          oneTime: true,
          visitDate: localDate(at, school.timeZone),
          createdAt: at,
          createdBy: actor.userId,
        },
        school.timeZone,
      );
      publish(schoolChannel(school.id), { type: 'fixation', fixation: visit });
      return visit;
    },

    async remove(actor: Actor, id: number, kind: 'school' | 'canteen'): Promise<void> {
      await db.transaction(async (tx) => {
        const visit = await repo.find(id, scopeOf(actor), tx);
        if (!visit || (kind === 'school' ? visit.schoolId === null : visit.canteenId === null)) {
          throw notFound(M.visitNotFound);
        }
        await repo.remove(id, tx);
        await audit(tx, actor, {
          action: 'delete',
          entity: 'visit',
          entityId: id,
          organizationId: visit.organizationId,
          before: visit,
        });
      });
    },

    list: repo.list,
  };
}
