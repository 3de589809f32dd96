import { classroomRef } from '../../platform/db/places.ts';
import { schoolChannel, type SchoolLiveMessage } from '@tamaq/contract/live';
import { CANTEEN_MESSAGES } from '@tamaq/contract/canteens';
import { classroomMessages } from '@tamaq/contract/classrooms';
import type { Fixation } from '@tamaq/contract/fixations';
import { imageUrl } from '@tamaq/contract/images';
import { FIXATION_CATEGORY_MESSAGES } from '@tamaq/contract/fixation-categories';
import { FOOD_CATEGORY_MESSAGES } from '@tamaq/contract/food-categories';
import {
  manualMessages,
  type CanteenManualQuery,
  type CanteenManualSave,
  type ManualList,
  type ManualSaveResult,
  type SchoolManualQuery,
  type SchoolManualSave,
} from '@tamaq/contract/manual-fixations';
import { schoolMessages } from '@tamaq/contract/schools';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, ValidationError } from '../../platform/http/errors.ts';
import { localDate } from '../../platform/time.ts';
import type {
  ManualFixationsRepository,
  ManualPerson,
  ManualPlace,
  NewManualVisit,
  VisitRow,
} from './manual-fixations.repository.ts';
import { noonOf } from './manual-time.ts';

export interface ManualFixationsDeps {
  db: Db;
  repo: ManualFixationsRepository;
  now: () => Date;
  publish: (channel: string, message: SchoolLiveMessage) => void;
  onRecorded: (n: number) => void;
}

/** The earliest day a manual visit may be on: older input is a typo, not a meal (and year 0 is no date). */
const FIRST_DAY = '1900-01-01';

interface Located {
  place: ManualPlace;
  timeZone: string;
}

/** What a save asks for: the marked people and, for endless holders, their counts. */
interface Marks {
  marked: Set<number>;
  counts: Map<number, number>;
  /** Who the client saw with a visit; when given, only they may lose visits (a later scan stays). */
  seen: Set<number> | null;
}

export function createManualFixationsService({ db, repo, now, publish, onRecorded }: ManualFixationsDeps) {
  const checkDate = (date: string) => {
    if (date < FIRST_DAY) throw ValidationError.field('date', 'Неверная дата');
  };

  const locateCanteen = async (
    actor: Actor,
    q: { canteen_id: number; category_id: number; date: string },
  ): Promise<Located> => {
    const canteen = await repo.canteen(q.canteen_id, scopeOf(actor));
    if (!canteen) throw ValidationError.field('canteen_id', CANTEEN_MESSAGES.notFound);
    if (!(await repo.hasFixationCategory(canteen.organizationId, q.category_id))) {
      throw ValidationError.field('category_id', FIXATION_CATEGORY_MESSAGES.notFound);
    }
    checkDate(q.date);
    return {
      place: {
        kind: 'canteen',
        organizationId: canteen.organizationId,
        canteenId: canteen.id,
        fixationCategoryId: q.category_id,
      },
      timeZone: canteen.timeZone,
    };
  };

  const locateSchool = async (
    actor: Actor,
    q: { school_id: number; classroom_id?: number | null; category_id?: number | null; date: string },
  ): Promise<Located> => {
    const school = await repo.school(q.school_id, scopeOf(actor));
    if (!school) throw ValidationError.field('school_id', schoolMessages(actor.role).notFound);
    const classroomId = q.classroom_id ?? null;
    const foodCategoryId = q.category_id ?? null;
    if (classroomId !== null && !(await repo.hasClassroom(school.id, classroomId))) {
      throw ValidationError.field('classroom_id', classroomMessages(actor.role).notFound);
    }
    if (foodCategoryId !== null && !(await repo.hasFoodCategory(school.organizationId, foodCategoryId))) {
      throw ValidationError.field('category_id', FOOD_CATEGORY_MESSAGES.notFound);
    }
    checkDate(q.date);
    return {
      place: {
        kind: 'school',
        organizationId: school.organizationId,
        schoolId: school.id,
        classroomId,
        foodCategoryId,
      },
      timeZone: school.timeZone,
    };
  };

  const list = async ({ place }: Located, date: string): Promise<ManualList> => {
    const { total, rows } = await repo.people(place, date);
    return {
      total,
      rows: rows.map((p) => ({
        id: p.id,
        name: p.name,
        job_title: p.jobTitle,
        image: p.imageKey ? { url: imageUrl(p.imageKey) } : null,
        classroom: classroomRef(p.classroomId, p),
        foodCategory: p.foodCategoryId !== null ? { id: p.foodCategoryId, name: p.foodCategoryName ?? '' } : null,
        fixation: p.visits > 0,
        fixation_count: p.servings,
        // Every school meal is one serving a day: the school flow has no counts.
        endless_use: place.kind === 'canteen' && p.endless,
      })),
    };
  };

  /**
   * Sets exactly the marked set for the rows the filters show, in one transaction: the newly marked
   * are recorded, the unmarked lose their visits here that day, an endless holder's servings become
   * the count asked. Each change is audited; new school visits go to the live list after the commit.
   */
  const save = async (actor: Actor, { place, timeZone }: Located, date: string, marks: Marks) => {
    const M = manualMessages(actor.role);
    const current = now();
    const today = localDate(current, timeZone);
    if (date > today) throw ValidationError.field('date', M.dateFuture);
    const createdAt = date < today ? noonOf(date, timeZone) : current;
    const result: ManualSaveResult = { added: 0, removed: 0, changed: 0 };

    const added = await db.transaction(async (tx) => {
      await repo.lock(place, date, tx);
      const { rows } = await repo.people(place, date, tx);
      const byId = new Map(rows.map((p) => [p.id, p]));
      for (const id of marks.counts.keys()) {
        const person = byId.get(id);
        if (!person) throw ValidationError.field('counts', M.notInList);
        if (place.kind !== 'canteen' || !person.endless) throw ValidationError.field('counts', M.countOnlyEndless);
      }
      for (const id of marks.marked) {
        if (!byId.has(id)) throw ValidationError.field('users_ids', M.notInList);
      }

      const toInsert: ManualPerson[] = [];
      const toClear: ManualPerson[] = [];
      const toCount: ManualPerson[] = [];
      for (const person of rows) {
        const marked = marks.marked.has(person.id);
        const endless = place.kind === 'canteen' && person.endless;
        if (marked && person.visits === 0) {
          if (place.kind === 'school' && person.foodCategoryId === null)
            throw ValidationError.field('users_ids', M.noFoodCategory(person.name));
          toInsert.push(person);
        } else if (!marked && person.visits > 0 && (!marks.seen || marks.seen.has(person.id))) toClear.push(person);
        else if (marked && endless && (marks.counts.get(person.id) ?? 1) !== person.servings) toCount.push(person);
      }

      const existing = await repo.visitsOf(
        place,
        date,
        [...toClear, ...toCount].map((p) => p.id),
        tx,
      );
      const clearing = new Set(toClear.map((p) => p.id));
      const removed = await repo.remove(
        existing.filter((v) => clearing.has(v.userId)).map((v) => v.id),
        tx,
      );
      for (const visit of removed) {
        await audit(tx, actor, {
          action: 'visit_manual_delete',
          entity: 'visit',
          entityId: visit.id,
          organizationId: visit.organizationId,
          before: visit,
        });
      }
      result.removed = removed.length;

      // An endless holder's servings become one visit of the count asked: the first is kept, the rest go.
      for (const person of toCount) {
        const [first, ...rest] = existing.filter((v) => v.userId === person.id);
        if (!first) continue;
        const count = marks.counts.get(person.id) ?? 1;
        const extra = await repo.remove(
          rest.map((v) => v.id),
          tx,
        );
        const after = await repo.setCount(first.id, count, tx);
        await audit(tx, actor, {
          action: 'visit_manual_count',
          entity: 'visit',
          entityId: first.id,
          organizationId: first.organizationId,
          before: [first, ...extra],
          after,
        });
        result.changed += 1;
      }

      const wanted: NewManualVisit[] = toInsert.map((p) => {
        const endless = place.kind === 'canteen' && p.endless;
        return {
          organizationId: place.organizationId,
          schoolId: place.kind === 'school' ? place.schoolId : null,
          canteenId: place.kind === 'canteen' ? place.canteenId : null,
          userId: p.id,
          cardId: p.cardId,
          fixationCategoryId: place.kind === 'canteen' ? place.fixationCategoryId : null,
          classroomId: p.classroomId,
          foodCategoryId: p.foodCategoryId,
          cost: p.foodCategoryCost,
          count: endless ? (marks.counts.get(p.id) ?? 1) : 1,
          oneTime: !endless,
          manual: true,
          visitDate: date,
          createdAt,
          createdBy: actor.userId,
        };
      });
      const inserted = await repo.insert(wanted, tx);
      const got = new Set(inserted.map((v) => v.userId));
      for (const want of wanted) {
        if (got.has(want.userId)) continue;
        // The slot was taken meanwhile: by a scan here (the person is recorded, as asked) or elsewhere.
        const holder = await repo.slotHolder(want.userId, date, want.fixationCategoryId ?? null, tx);
        if (!holder || !sameplace(holder, place)) {
          throw conflict(M.takenElsewhere(byId.get(want.userId)?.name ?? String(want.userId)));
        }
      }
      for (const visit of inserted) {
        await audit(tx, actor, {
          action: 'visit_manual_create',
          entity: 'visit',
          entityId: visit.id,
          organizationId: visit.organizationId,
          after: visit,
        });
      }
      result.added = inserted.length;
      return inserted;
    });

    if (added.length > 0) {
      onRecorded(added.length);
      if (place.kind === 'school') {
        const channel = schoolChannel(place.schoolId);
        const fixations: Fixation[] = await repo.fixations(added.map((v) => v.id));
        for (const fixation of fixations) publish(channel, { type: 'fixation', fixation });
      }
    }
    return result;
  };

  return {
    async canteenList(actor: Actor, q: CanteenManualQuery): Promise<ManualList> {
      return list(await locateCanteen(actor, q), q.date);
    },

    async schoolList(actor: Actor, q: SchoolManualQuery): Promise<ManualList> {
      return list(await locateSchool(actor, q), q.date);
    },

    async canteenSave(actor: Actor, body: CanteenManualSave): Promise<ManualSaveResult> {
      const located = await locateCanteen(actor, body);
      const counts = new Map(Object.entries(body.counts).map(([id, n]) => [Number(id), n]));
      // An endless holder with a count is marked, whether or not the client listed them in users_ids.
      const marked = new Set([...body.users_ids, ...counts.keys()]);
      return save(actor, located, body.date, { marked, counts, seen: seenOf(body.seen_ids) });
    },

    async schoolSave(actor: Actor, body: SchoolManualSave): Promise<ManualSaveResult> {
      const located = await locateSchool(actor, body);
      return save(actor, located, body.date, {
        marked: new Set(body.users_ids),
        counts: new Map(),
        seen: seenOf(body.seen_ids),
      });
    },
  };
}

const seenOf = (ids: number[] | undefined): Set<number> | null => (ids ? new Set(ids) : null);

const sameplace = (visit: VisitRow, place: ManualPlace): boolean =>
  place.kind === 'canteen'
    ? visit.canteenId === place.canteenId && visit.fixationCategoryId === place.fixationCategoryId
    : visit.schoolId === place.schoolId;
