import { namesOf } from '@tamaq/contract/names';
import {
  CALENDAR_MESSAGES as M,
  type CalendarEntry,
  type CalendarEntryCreate,
  type CalendarEntryUpdate,
  type CalendarQuery,
  type CalendarWeek,
  type CalendarYear,
} from '@tamaq/contract/calendar';
import type { Ok } from '@tamaq/contract/common';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { schoolInScope } from '../../platform/db/places.ts';
import { createCalendarRepository, createCalendarWrites, type EntryRow } from './calendar.repository.ts';
import { schoolDays, type SchoolKind } from './school-year.ts';

const toEntry = (r: EntryRow): CalendarEntry => ({
  id: r.id,
  scope: r.schoolId !== null ? 'school' : r.organizationId !== null ? 'organization' : 'country',
  school_id: r.schoolId,
  kind: r.kind,
  date_from: r.dateFrom,
  date_to: r.dateTo,
  name: r.name,
  name_kk: r.nameKk,
  moves: r.moves,
  week_days: r.weekDays,
  grade_from: r.gradeFrom,
  grade_to: r.gradeTo,
  source: r.source,
  source_kk: r.sourceKk,
  updated_at: r.updatedAt.toISOString(),
});

/**
 * The calendar's screen (docs/rules.md "The school's year"): the super admin keeps the country's
 * days; an education or kindergarten admin their organization's and its schools' (a school-locked
 * one: their school's). Every change is audited.
 */
export function createCalendarService(platform: Pick<Platform, 'db' | 'now'>) {
  const read = createCalendarRepository(platform.db);
  const writes = createCalendarWrites(platform.db);
  const db = platform.db;

  /** The school the actor names (or is locked to), in their reach, else 404; none for the organization. */
  const schoolOf = async (actor: Actor, schoolId: number | null | undefined) => {
    const id = schoolId ?? actor.schoolId;
    if (id === null || id === undefined) return null;
    if (actor.schoolId !== null && id !== actor.schoolId) throw notFound(M.schoolNotFound);
    const school = await schoolInScope(db, scopeOf(actor), id);
    if (!school) throw notFound(M.schoolNotFound);
    return school;
  };

  /** Whether the actor may change the entry: the country's for the super admin, their own scope's else. */
  const mayChange = (actor: Actor, row: EntryRow) => {
    if (actor.role === 'SuperAdmin') return row.organizationId === null;
    if (row.organizationId === null || row.organizationId !== actor.organizationId) return false;
    return actor.schoolId === null || row.schoolId === actor.schoolId;
  };

  const values = (body: CalendarEntryCreate | CalendarEntryUpdate) => ({
    kind: body.kind,
    dateFrom: body.date_from,
    dateTo: body.date_to,
    name: body.name,
    nameKk: body.name_kk ?? null,
    moves: body.kind === 'holiday' && (body.moves ?? false),
    weekDays: body.week_days ?? null,
    gradeFrom: body.grade_from ?? null,
    gradeTo: body.grade_to ?? null,
    source: body.source ?? null,
    sourceKk: body.source_kk ?? null,
  });

  const checkKind = (actor: Actor, kind: CalendarEntryCreate['kind']) => {
    if (kind === 'holiday' && actor.role !== 'SuperAdmin') throw ValidationError.field('kind', M.holidayCountry);
  };

  return {
    async year(actor: Actor, q: CalendarQuery): Promise<CalendarYear> {
      const from = `${q.year}-09-01`;
      const to = `${q.year + 1}-08-31`;
      const school = await schoolOf(actor, q.schoolId);
      const organizationId = school?.organizationId ?? actor.organizationId;
      if (actor.role !== 'SuperAdmin' && organizationId === null) throw forbidden();
      const kindergarten =
        organizationId !== null && (await writes.organizationType(organizationId)) === 'kindergarten';
      const rows = await writes.rowsOf(organizationId, school ? [school.id] : [], from, to);
      const kinds: SchoolKind = school ? (await read.schools([school.id]))[0]! : { weekDays: 5, kindergarten };
      const entries = (
        await read.entries(
          organizationId === null ? [] : [organizationId],
          school ? [school.id] : [],
          `${q.year}-08-15`,
          to,
        )
      )
        .filter((e) => organizationId !== null || e.organizationId === null)
        .map((e) => e.entry);
      const days = schoolDays(entries, kinds, from, to).map((d) => ({
        date: d.date,
        kind: d.kind,
        name: d.name,
        name_kk: d.nameKk,
        grade_vacations: d.gradeVacations,
      }));
      const known = new Set(
        entries.filter((e) => e.scope === 'country' && e.kind === 'holiday').map((e) => e.from.slice(0, 4)),
      );
      const unknownYears = [q.year, q.year + 1].filter((y) => !known.has(String(y)));
      const scope = school ? 'school' : organizationId !== null ? 'organization' : 'country';
      const editable =
        actor.role === 'SuperAdmin' ? scope === 'country' : scope === 'school' || actor.schoolId === null;
      return {
        scope,
        school: school
          ? {
              id: school.id,
              ...namesOf(school),
              week_days: kinds.weekDays,
              five_day_to_grade: kinds.fiveDayToGrade ?? null,
            }
          : null,
        kindergarten,
        from,
        to,
        days,
        entries: rows.map(toEntry),
        editable,
        unknown_years: unknownYears,
      };
    },

    async create(actor: Actor, body: CalendarEntryCreate): Promise<CalendarEntry> {
      checkKind(actor, body.kind);
      let organizationId: number | null = null;
      let schoolId: number | null = null;
      if (actor.role === 'SuperAdmin') {
        if (body.school_id !== undefined && body.school_id !== null)
          throw ValidationError.field('school_id', M.schoolNotFound);
      } else {
        const school = await schoolOf(actor, body.school_id);
        if (actor.organizationId === null) throw forbidden();
        organizationId = actor.organizationId;
        schoolId = school?.id ?? null;
      }
      return db.transaction(async (tx) => {
        const row = await writes.insert({ ...values(body), organizationId, schoolId, createdById: actor.userId }, tx);
        const entry = toEntry(row);
        await audit(tx, actor, {
          action: 'calendar_entry_create',
          entity: 'calendar_entry',
          entityId: row.id,
          organizationId,
          after: entry,
        });
        return entry;
      });
    },

    async update(actor: Actor, body: CalendarEntryUpdate): Promise<CalendarEntry> {
      checkKind(actor, body.kind);
      return db.transaction(async (tx) => {
        const before = await writes.find(body.id, tx);
        if (!before || !mayChange(actor, before)) throw notFound(M.notFound);
        const next = values(body);
        // A Kazakh source not sent stays with the source it translates, and goes when that changes.
        if (body.source_kk === undefined) next.sourceKk = next.source === before.source ? before.sourceKk : null;
        const row = await writes.update(body.id, next, platform.now(), tx);
        const entry = toEntry(row);
        await audit(tx, actor, {
          action: 'calendar_entry_update',
          entity: 'calendar_entry',
          entityId: row.id,
          organizationId: row.organizationId,
          before: toEntry(before),
          after: entry,
        });
        return entry;
      });
    },

    async remove(actor: Actor, id: number): Promise<Ok> {
      return db.transaction(async (tx) => {
        const before = await writes.find(id, tx);
        if (!before || !mayChange(actor, before)) throw notFound(M.notFound);
        await writes.remove(id, tx);
        await audit(tx, actor, {
          action: 'calendar_entry_delete',
          entity: 'calendar_entry',
          entityId: id,
          organizationId: before.organizationId,
          before: toEntry(before),
        });
        return { success: true };
      });
    },

    async week(actor: Actor, body: CalendarWeek): Promise<Ok> {
      const school = await schoolOf(actor, body.school_id);
      if (!school) throw notFound(M.schoolNotFound);
      return db.transaction(async (tx) => {
        const fiveDayToGrade = body.week_days === 6 ? (body.five_day_to_grade ?? null) : null;
        const before = await writes.setWeek(school.id, body.week_days, fiveDayToGrade, tx);
        await audit(tx, actor, {
          action: 'school_week_days',
          entity: 'school',
          entityId: school.id,
          organizationId: school.organizationId,
          before: { week_days: before?.weekDays ?? null, five_day_to_grade: before?.fiveDayToGrade ?? null },
          after: { week_days: body.week_days, five_day_to_grade: fiveDayToGrade },
        });
        return { success: true };
      });
    },
  };
}
