import { classroomRef } from '../../platform/db/places.ts';
import { schoolChannel, type SchoolLiveMessage } from '@tamaq/contract/live';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import {
  FIXATION_MESSAGES as M,
  SCANNED_AT_MAX_AGE_MS,
  SCANNED_AT_MAX_SKEW_MS,
  type CanteenFixationCreate,
  type Fixation,
  type ScannedFixation,
  type SchoolFixationCreate,
} from '@tamaq/contract/fixations';
import { DIET_ALLERGENS, DIETS, restrictedAllergens } from '@tamaq/contract/allergens';
import { namesOf } from '@tamaq/contract/names';
import { normaliseCardNumber } from '@tamaq/contract/cards';
import { FOOD_CATEGORY_MESSAGES } from '@tamaq/contract/food-categories';
import { imageUrl } from '@tamaq/contract/images';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db/client.ts';
import { writeNotices } from '../../platform/db/notices.ts';
import { conflict, HttpError, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import { keyReused } from '../../platform/http/idempotency.ts';
import { localDate, localTime } from '../../platform/time.ts';
import { ERROR_CODES, ERROR_MESSAGES } from '@tamaq/contract/errors';
import type { FixationsRepository, ScanFacts, ScanInput } from './fixations.repository.ts';
import type { RepeatGuard } from './repeat-guard.ts';
import { createDayOfVisits } from './day-of-visits.ts';

export interface FixationsDeps {
  db: Db;
  repo: FixationsRepository;
  repeat: RepeatGuard;
  now: () => Date;
  publish: (channel: string, message: SchoolLiveMessage) => void;
  onRecorded: () => void;
  /** The dishes of a school's free menu on a day, with their allergens (the kitchen's). */
  dayDishes?: (schoolId: number, date: string) => Promise<DayDish[]>;
}

/** A dish of the day's menu as the queue's warning names it. */
export interface DayDish {
  id: number;
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
  allergens: string[];
}

/** How long a school's menu of the day is kept for the queue's warnings: a dish changed shows within it. */
const DAY_DISHES_MS = 60_000;

/** 429 in the shape the web ignores silently on the fixation screens (docs/product.md "Errors"). */
const doubleScan = () => new HttpError(429, ERROR_CODES.tooManyRequests, ERROR_MESSAGES.tooManyRequests);

/** A card that is known, of this organization, and held by a live user (docs/domain.md rule 1). */
type Held = ScanFacts & { cardId: number; userId: number };

/** What the service passes to a scan statement, before the local moment is added. */
type ScanRequest = Omit<ScanInput, 'timeZone' | 'time' | 'date' | 'monthDay' | 'write'>;
/** Where a scan was made: a retry of it (same key) must be made there too. */
type Place = { canteenId: number } | { schoolId: number };

/**
 * A scan is one statement (docs/rules.md "Scan speed"): the 3-second window is claimed first (in
 * Redis or in memory, by the scanned number), then one statement reads everything the rules need and,
 * when they all hold, records the visit and its key; the answer is built from what it read. Refusals
 * are told in docs/domain.md's order — the place, `scannedAt`, the key (rule 6, before rule 5), the card,
 * the window, the entitlement, the one-time slot — and a window claimed by something that turned out
 * not to be a scan of a card (an unknown card, another school's, a replayed answer) is given back.
 */
export function createFixationsService({ db, repo, repeat, now, publish, onRecorded, dayDishes }: FixationsDeps) {
  /** Each school's menu of the day, read once a minute at most: the queue does not wait on it each scan. */
  const menus = new Map<string, { at: number; dishes: Promise<DayDish[]> }>();
  const menuOf = (schoolId: number, date: string): Promise<DayDish[]> => {
    if (!dayDishes) return Promise.resolve([]);
    const key = `${schoolId} ${date}`;
    const kept = menus.get(key);
    if (kept && now().getTime() - kept.at < DAY_DISHES_MS) return kept.dishes;
    if (menus.size > 1000) menus.clear();
    const dishes = dayDishes(schoolId, date).catch(() => [] as DayDish[]);
    menus.set(key, { at: now().getTime(), dishes });
    return dishes;
  };

  /**
   * What a pupil's restrictions meet among the day's dishes (docs/rules.md "Restrictions and
   * allergens"): the warning of a recorded visit, or the reason of a refused one; none when nothing is
   * restricted or nothing meets.
   */
  const restrictionOf = (card: ScanFacts, menu: DayDish[]) => {
    const kept = restrictedAllergens(card.restrictedAllergens ?? [], card.restrictedDiets ?? []);
    if (!kept.length) return null;
    const dishes = menu.filter((d) => d.allergens.some((a) => (kept as string[]).includes(a)));
    if (!dishes.length) return null;
    return {
      allergens: kept.filter((a) => dishes.some((d) => d.allergens.includes(a))),
      dishes: dishes.map((d) => ({ id: d.id, ...namesOf(d) })),
    };
  };

  /** The allergens of a day's dishes and the diets they meet: what a school that refuses compares with. */
  const metBy = (menu: DayDish[]) => {
    const allergens = [...new Set(menu.flatMap((d) => d.allergens))];
    return {
      dayAllergens: allergens,
      dayDiets: DIETS.filter((d) => DIET_ALLERGENS[d].some((a) => allergens.includes(a))),
    };
  };

  /**
   * The time zone of a school's or canteen's organization, as the last scan there read it. The local
   * time and day go INTO the scan's statement, so they are computed with this guess; the statement
   * writes nothing unless the guess is the organization's zone, and answers the zone: on a miss (the
   * first scan, or the zone changed) it runs again in the right one.
   */
  const zones = new Map<string, string>();

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

  /** The scan's moment; a bad `scannedAt` is reported after an unknown place, as the fields are read. */
  const momentAfter = async (scannedAt: string | null | undefined, placeExists: () => Promise<boolean>) => {
    try {
      return moment(scannedAt);
    } catch (err) {
      if (!(await placeExists())) return null;
      throw err;
    }
  };

  /** The local time and day of a moment; they change once a second, so the last answer is kept. */
  let last = { timeZone: '', second: NaN, time: '', date: '', monthDay: 0 };
  const local = (at: Date, timeZone: string) => {
    const second = Math.floor(at.getTime() / 1000);
    if (last.second !== second || last.timeZone !== timeZone) {
      const date = localDate(at, timeZone);
      last = { timeZone, second, time: localTime(at, timeZone), date, monthDay: Number(date.slice(8, 10)) };
    }
    return last;
  };

  /** Runs a scan statement in the organization's zone (see `zones`). */
  const scan = async (
    place: string,
    request: ScanRequest,
    write: boolean,
    statement: (input: ScanInput) => Promise<ScanFacts | null>,
  ): Promise<ScanFacts | null> => {
    const run = (timeZone: string) => {
      const { time, date, monthDay } = local(request.at, timeZone);
      return statement({ ...request, timeZone, time, date, monthDay, write });
    };
    const guess = zones.get(place) ?? DEFAULT_TIME_ZONE;
    const facts = await run(guess);
    if (!facts || facts.timeZone === guess) return facts;
    if (zones.size > 10_000) zones.clear();
    zones.set(place, facts.timeZone);
    return run(facts.timeZone);
  };

  /**
   * An earlier answer to the same scan (same key): returned as it was, never recorded twice (rule 6).
   * The same key with another card or place is not a retry: refused (422), nothing recorded.
   */
  const earlierAnswer = async (visitId: number, request: ScanRequest, place: Place): Promise<Fixation | null> => {
    if (!(await repo.sameScan(visitId, request.card, place))) throw keyReused();
    return repo.row(visitId);
  };
  const replay = async (actor: Actor, request: ScanRequest, place: Place): Promise<Fixation | null> => {
    if (!request.key) return null;
    const visitId = await repo.idempotentVisit(actor.userId, request.key);
    return visitId === null ? null : earlierAnswer(visitId, request, place);
  };

  /** A refusal that names the card's holder, so the counter sees who it is (photo, name, class). */
  const refuse = (message: string, f: ScanFacts) => {
    const err = conflict(message);
    const person = {
      id: f.userId,
      name: f.userName ?? '',
      job_title: f.jobTitle,
      image: f.imageKey ? { url: imageUrl(f.imageKey) } : null,
      classroom: classroomRef(f.classroomId, f),
    };
    return new HttpError(err.statusCode, err.code, err.message, err.headers, { person });
  };

  const slotTaken = (firstAt: Date | null, f: ScanFacts) =>
    refuse(M.repeat(firstAt ? localTime(firstAt, f.timeZone).slice(0, 5) : '—'), f);

  /**
   * The statement with its window: claimed first, and given back when the scan turns out not to be a
   * scan of a card (`isScan` throws the refusal) or to be answered already. A failed statement keeps
   * the window: its retry (same key) passes it anyway, and another scan of the card within 3 seconds
   * is a double scan whether or not the failed one was recorded. A retry that raced this try of the
   * same scan (the visit's unique scan key refused the second) gets the recorded answer.
   */
  const claimAndRun = async (
    actor: Actor,
    request: ScanRequest,
    place: Place,
    statement: (write: boolean) => Promise<ScanFacts | null>,
    isScan: (f: ScanFacts | null) => Held,
  ): Promise<{ card: Held } | { earlier: Fixation }> => {
    const claim = await repeat.claim(request.card, request.key, request.at.getTime());
    let f: ScanFacts | null;
    try {
      f = await statement(claim.granted);
    } catch (err) {
      const again = request.key && isUniqueViolation(err) ? await replay(actor, request, place) : null;
      if (again) return { earlier: again };
      throw err;
    }
    if (f?.replayId != null) {
      let earlier: Fixation | null;
      try {
        earlier = await earlierAnswer(f.replayId, request, place);
      } catch (err) {
        await claim.release();
        throw err;
      }
      if (earlier) {
        await claim.release();
        return { earlier };
      }
    }
    let card: Held;
    try {
      card = isScan(f);
    } catch (err) {
      await claim.release();
      throw err;
    }
    if (!claim.granted) throw doubleScan();
    return { card };
  };

  /** A statement that recorded nothing although every rule held: a concurrent scan took the slot. */
  const lostRace = async (
    actor: Actor,
    request: ScanRequest,
    place: Place,
    f: Held,
    visitDate: string,
  ): Promise<Fixation> => {
    const again = await replay(actor, request, place);
    if (again) return again;
    throw slotTaken(await repo.firstVisitAt(f.userId, visitDate, f.categoryId), f);
  };

  const holder = (f: ScanFacts): Held => {
    if (f.cardId === null || f.cardOrganizationId !== f.organizationId) throw notFound(M.cardNotFound);
    if (f.userId === null) throw notFound(M.cardNotLinked);
    return f as Held;
  };

  return {
    ...createDayOfVisits({ db, repo, now, publish }),

    async recordCanteen(actor: Actor, body: CanteenFixationCreate, key: string | null): Promise<Fixation> {
      const scope = scopeOf(actor);
      const canteenMissing = () => ValidationError.field('canteenId', M.canteenNotFound);
      const at = await momentAfter(body.scannedAt, async () => !!(await repo.canteen(body.canteenId, scope)));
      if (!at) throw canteenMissing();
      const chosen = body.fixationCategoryId && actor.role === 'Admin' ? body.fixationCategoryId : null;
      const request = { scope, actorId: actor.userId, key, card: normaliseCardNumber(body.cardId), at };
      const place = { canteenId: body.canteenId };
      const outcome = await claimAndRun(
        actor,
        request,
        place,
        (write) =>
          scan(`c${body.canteenId}`, request, write, (input) => repo.canteenScan(body.canteenId, input, chosen)),
        (f) => {
          if (!f) throw canteenMissing();
          return holder(f);
        },
      );
      if ('earlier' in outcome) return outcome.earlier;
      const { card } = outcome;
      if (card.categoryId === null) {
        throw ValidationError.field('fixationCategoryId', chosen ? M.categoryNotFound : M.noCategoryNow);
      }
      const day = local(at, card.timeZone);
      if (card.watchDays && !card.watchDays.includes(day.monthDay)) throw refuse(M.notWatchDay, card);
      if (!card.endlessUse && card.firstAt) throw slotTaken(card.firstAt, card);
      if (card.visitId === null) return lostRace(actor, request, place, card, day.date);
      onRecorded();
      return repo.scannedRow(card, at, { schoolId: null, canteenId: body.canteenId });
    },

    async recordSchool(actor: Actor, body: SchoolFixationCreate, key: string | null): Promise<ScannedFixation> {
      const scope = scopeOf(actor);
      const schoolMissing = () => ValidationError.field('schoolId', M.schoolNotFound);
      const at = await momentAfter(body.scannedAt, async () => !!(await repo.school(body.schoolId, scope)));
      if (!at) throw schoolMissing();
      const request = { scope, actorId: actor.userId, key, card: normaliseCardNumber(body.cardId), at };
      const place = { schoolId: body.schoolId };
      // The day's dishes the statement compared the pupil's restrictions with (read once a minute).
      let menu: DayDish[] = [];
      const outcome = await claimAndRun(
        actor,
        request,
        place,
        (write) =>
          scan(`s${body.schoolId}`, request, write, async (input) => {
            menu = await menuOf(body.schoolId, input.date);
            return repo.schoolScan(body.schoolId, { ...input, ...metBy(menu) });
          }),
        (f) => {
          if (!f) throw schoolMissing();
          const card = holder(f);
          if (card.userSchoolId !== body.schoolId || card.classroomId === null) throw notFound(M.notPupil);
          return card;
        },
      );
      let visit: Fixation;
      if ('earlier' in outcome) visit = outcome.earlier;
      else {
        const { card } = outcome;
        // A refusal at the queue is told to the parents who chose to hear of one, with its reason.
        const refused = async (message: string) => {
          await writeNotices(db, {
            event: 'refused',
            organizationId: card.organizationId,
            at,
            items: [{ pupilId: card.userId!, data: { reason: message, schoolId: body.schoolId } }],
          });
          return refuse(message, card);
        };
        if (card.foodCategoryId === null) throw await refused(M.noFoodCategory);
        // One serving per day per meal time where the organization defines them, else one per day.
        if (card.hasCategories && card.categoryId === null) {
          const next = await repo.nextMealTime(
            card.organizationId,
            body.schoolId,
            card.classroomShift,
            local(at, card.timeZone).time,
          );
          const message = !next
            ? M.noCategoryNow
            : next.today
              ? M.notMealTime(next.name, next.start)
              : M.mealsOver(next.name, next.start);
          throw await refused(message);
        }
        if (card.categoryId !== null && card.foodCategoryMeals && !card.foodCategoryMeals.includes(card.categoryId)) {
          throw await refused(FOOD_CATEGORY_MESSAGES.mealNotPaid(card.foodCategoryName ?? '', card.categoryName ?? ''));
        }
        if (card.firstAt) throw await refused(slotTaken(card.firstAt, card).message);
        const restricted = restrictionOf(card, menu);
        if (card.visitId === null && card.refuseRestricted && restricted)
          throw await refused(M.restrictedRefused(restricted.allergens, restricted.dishes));
        if (card.visitId === null) visit = await lostRace(actor, request, place, card, local(at, card.timeZone).date);
        else {
          onRecorded();
          visit = repo.scannedRow(card, at, { schoolId: body.schoolId, canteenId: null });
          if (restricted) {
            publish(schoolChannel(body.schoolId), { type: 'fixation', fixation: visit });
            return { ...visit, restricted };
          }
        }
      }
      publish(schoolChannel(body.schoolId), { type: 'fixation', fixation: visit });
      return visit;
    },
  };
}
