import { schoolChannel } from '@tamaq/contract/live';
import { FIXATION_MESSAGES as M, type SchoolPace, type TodayCount } from '@tamaq/contract/fixations';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { notFound, ValidationError } from '../../platform/http/errors.ts';
import { localDate } from '../../platform/time.ts';
import type { FixationsDeps } from './fixations.service.ts';

/** A day of visits at a place: how many were fed, the queue's pace, the list, and a visit taken back. */
export function createDayOfVisits({ db, repo, now, publish }: Pick<FixationsDeps, 'db' | 'repo' | 'now' | 'publish'>) {
  return {
    /** Deletes a visit; the school's live screens are told at once, so none keeps showing it. */
    async remove(actor: Actor, id: number, kind: 'school' | 'canteen'): Promise<void> {
      const schoolId = await db.transaction(async (tx) => {
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
        return visit.schoolId;
      });
      if (schoolId !== null) publish(schoolChannel(schoolId), { type: 'fixation-deleted', id });
    },

    list: repo.list,

    /** «Сегодня: N из M» of a school in scope; another organization's school answers 422. */
    async schoolToday(actor: Actor, schoolId: number): Promise<TodayCount> {
      const school = await repo.school(schoolId, scopeOf(actor));
      if (!school) throw ValidationError.field('schoolId', M.schoolNotFound);
      return repo.schoolToday(school.id, localDate(now(), school.timeZone), school.timeZone);
    },

    /** The pace of the queue of a school in scope; another organization's school answers 422. */
    async schoolPace(actor: Actor, schoolId: number): Promise<SchoolPace> {
      const school = await repo.school(schoolId, scopeOf(actor));
      if (!school) throw ValidationError.field('schoolId', M.schoolNotFound);
      return repo.schoolPace(school.id, now());
    },

    /** «Сегодня: N из M» of a canteen in scope; another organization's canteen answers 422. */
    async canteenToday(actor: Actor, canteenId: number): Promise<TodayCount> {
      const canteen = await repo.canteen(canteenId, scopeOf(actor));
      if (!canteen) throw ValidationError.field('canteenId', M.canteenNotFound);
      const date = localDate(now(), canteen.timeZone);
      return repo.canteenToday(canteen.id, canteen.organizationId, date, canteen.timeZone);
    },
  };
}
