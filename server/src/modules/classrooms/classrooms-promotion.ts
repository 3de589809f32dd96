import {
  classNameKey,
  classroomMessages,
  type ClassroomPromote,
  type ClassroomPromotion,
} from '@tamaq/contract/classrooms';
import type { StoredNames } from '@tamaq/contract/names';
import type { Actor } from '../../platform/auth/actors.ts';
import { audit } from '../../platform/audit.ts';
import { conflict, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ClassroomsRepository } from './classrooms.repository.ts';

/** Class names compare by their key: «5 В», «5«в»» and «5 B» (Latin) are one class. */
export const sameName = classNameKey;

interface PlannedMove {
  id: number;
  name: string;
  /** The name next year; null when the class finishes school. */
  to: string | null;
  /** Both names next year (the Kazakh one moves up as the Russian one does). */
  toNames: StoredNames | null;
  pupils: number;
}

/** '2 А' → '3 А': the leading number up by one; a name without one stays. */
const nextGrade = (name: string): string => {
  const m = /^(\d+)(.*)$/su.exec(name);
  return m ? `${Number(m[1]) + 1}${m[2]}` : name;
};

/**
 * Next year's name of each class: the leading number goes up by one ('2 А' → '3 А', '9Б' → '10Б'),
 * a class of the last grade or above finishes school, a name without a leading number stays. Two
 * classes that would get one name (or a name a staying class has) are clashes: nothing moves.
 */
export function planPromotion(classes: ({ id: number; pupilsCount: number } & StoredNames)[], lastGrade: number) {
  const moves: PlannedMove[] = [];
  const kept: { id: number; name: string }[] = [];
  for (const c of classes) {
    const m = /^(\d+)(.*)$/su.exec(c.name);
    if (!m) {
      kept.push({ id: c.id, name: c.name });
      continue;
    }
    const grade = Number(m[1]);
    const toNames =
      grade >= lastGrade
        ? null
        : {
            name: nextGrade(c.name),
            nameKk: c.nameKk === null ? null : nextGrade(c.nameKk),
            nameRuMissing: c.nameRuMissing,
          };
    moves.push({ id: c.id, name: c.name, to: toNames?.name ?? null, toNames, pupils: c.pupilsCount });
  }
  // Each name once by its key: «5 А» and «5А» of one class are one name.
  const keys = (n: StoredNames) =>
    new Map([n.name, ...(n.nameKk !== null ? [n.nameKk] : [])].map((name) => [sameName(name), name]));
  const taken = new Set(kept.flatMap((k) => [...keys(classes.find((c) => c.id === k.id)!).keys()]));
  const clashes = new Set<string>();
  for (const move of moves) {
    if (move.toNames === null) continue;
    for (const [key, name] of keys(move.toNames)) {
      if (taken.has(key)) clashes.add(`«${name}»`);
      taken.add(key);
    }
  }
  return { moves, kept, clashes: [...clashes] };
}

/** The move to the next year, for a school the caller may write to (`schoolFor` checks it). */
export function createPromotion(
  platform: Pick<Platform, 'actors' | 'db' | 'now'>,
  repo: ClassroomsRepository,
  schoolFor: (actor: Actor, schoolId: number) => Promise<{ id: number; organizationId: number }>,
) {
  return {
    /**
     * The move to the next year, in one transaction with the school's classes locked: each numbered
     * class is archived (its visits keep its name) and a class with the next name takes its live
     * pupils; the last grade's class is archived with its pupils, whose cards are freed.
     */
    async promote(actor: Actor, body: ClassroomPromote): Promise<ClassroomPromotion> {
      const school = await schoolFor(actor, body.schoolId);
      const M = classroomMessages(actor.role);
      if (!body.check && body.classroomIds === undefined) {
        throw ValidationError.field('classroomIds', M.promoteIdsMissing);
      }
      const { graduates, answer } = await platform.db.transaction(async (tx) => {
        const plan = planPromotion(await repo.liveOfSchoolLocked(school.id, tx), body.lastGrade);
        if (plan.clashes.length) throw ValidationError.field('schoolId', M.promoteClash(plan.clashes.join(', ')));
        const staying = plan.moves.filter((m) => m.to !== null);
        const leaving = plan.moves.filter((m) => m.to === null);
        const answer: ClassroomPromotion = {
          moves: plan.moves.map(({ toNames: _, ...m }) => m),
          kept: plan.kept,
          promoted: staying.length,
          graduated: leaving.length,
          pupilsMoved: staying.reduce((n, m) => n + m.pupils, 0),
          pupilsGraduated: leaving.reduce((n, m) => n + m.pupils, 0),
          applied: false,
        };
        if (body.check) return { graduates: [], answer };
        const planned = new Set(plan.moves.map((m) => m.id));
        const named = new Set(body.classroomIds);
        if (planned.size !== named.size || [...planned].some((id) => !named.has(id))) throw conflict(M.promoteChanged);
        if (!plan.moves.length) return { graduates: [], answer: { ...answer, applied: true } };
        const at = platform.now();
        await repo.archive([...planned], at, tx);
        const created = staying.length
          ? await repo.insertNamed(
              school.organizationId,
              school.id,
              staying.map((m) => m.toNames!),
              tx,
            )
          : [];
        const idOf = new Map(created.map((c) => [sameName(c.name), c.id]));
        await repo.movePupilsBetween(
          staying.map((m) => ({ from: m.id, to: idOf.get(sameName(m.to!))! })),
          at,
          tx,
        );
        const graduates = leaving.length
          ? await repo.archivePupils(
              leaving.map((m) => m.id),
              at,
              tx,
            )
          : [];
        await audit(tx, actor, {
          action: 'classrooms_promote',
          entity: 'school',
          entityId: school.id,
          organizationId: school.organizationId,
          before: { classes: plan.moves.map((m) => ({ id: m.id, name: m.name })) },
          after: {
            classes: created,
            graduated: leaving.map((m) => m.name),
            pupilsMoved: answer.pupilsMoved,
            pupilsGraduated: graduates.length,
          },
        });
        return { graduates, answer: { ...answer, pupilsGraduated: graduates.length, applied: true } };
      });
      for (const id of graduates) platform.actors.forget(id);
      return answer;
    },
  };
}
