import type { Db } from '../platform/db/client.ts';
import { ageGroups } from '../platform/db/schema-nutrition.ts';

/** The organizations the demo's nutrition data belongs to. */
export interface DemoNutritionPlaces {
  edu: number;
  kg: number;
}

/**
 * The demo's age groups: the schools' two (the 2019 unified standard's lunch norms are for 7–10 and
 * 11–14, the sanitary rules' portions for 7–11 and 12+), and the kindergarten's two.
 */
export async function loadDemoNutrition(tx: Db, p: DemoNutritionPlaces): Promise<void> {
  await tx.insert(ageGroups).values([
    { organizationId: p.edu, name: '6–10 лет', nameKk: '6–10 жас', ageFrom: 6, ageTo: 10 },
    { organizationId: p.edu, name: '11–18 лет', nameKk: '11–18 жас', ageFrom: 11, ageTo: 18 },
    { organizationId: p.kg, name: '1–3 года', nameKk: '1–3 жас', ageFrom: 1, ageTo: 3 },
    { organizationId: p.kg, name: '3–7 лет', nameKk: '3–7 жас', ageFrom: 3, ageTo: 7 },
  ]);
}
