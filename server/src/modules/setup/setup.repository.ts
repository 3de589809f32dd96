import { ROLE_IDS } from '@tamaq/contract/roles';
import type { SetupStep } from '@tamaq/contract/setup';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** What an organization holds, step by step of its checklist, in one statement. */
export function createSetupRepository(db: Db) {
  return {
    async holdings(org: number) {
      const result = await db.execute(sql`
        select o.type,
          exists (select 1 from schools s where s.organization_id = o.id) as schools,
          exists (select 1 from calendar_entries e where e.organization_id = o.id) as calendar,
          exists (select 1 from fixation_categories f where f.organization_id = o.id and f.deleted_at is null)
            as meal_times,
          exists (select 1 from food_categories f where f.organization_id = o.id and f.deleted_at is null)
            as food_categories,
          exists (select 1 from classrooms c where c.organization_id = o.id and c.archived_at is null) as classes,
          exists (select 1 from users u where u.organization_id = o.id and u.classroom_id is not null
                    and u.deleted_at is null) as pupils,
          exists (select 1 from cards c join users u on u.id = c.user_id
                  where c.organization_id = o.id and u.classroom_id is not null and u.deleted_at is null) as cards,
          exists (select 1 from dishes d where d.organization_id = o.id and d.deleted_at is null) as dishes,
          exists (select 1 from menu_activations a where a.organization_id = o.id and a.deleted_at is null) as menu,
          exists (select 1 from users u where u.organization_id = o.id and u.deleted_at is null
                    and u.role_id = ${ROLE_IDS.EducationCashier}::int) as cashier,
          exists (select 1 from users u where u.organization_id = o.id and u.deleted_at is null
                    and u.role_id = ${ROLE_IDS.EducationSocialTeacher}::int) as social_teacher
        from organizations o where o.id = ${org}::int`);
      const row = (result as unknown as { rows: (Record<SetupStep, boolean> & { type: string })[] }).rows[0];
      return row ?? null;
    },
  };
}
