import { loadDemoNutrition } from './demo-nutrition.ts';
import { ROLE_IDS, type Role } from '@tamaq/contract/roles';
import type { Db } from '../platform/db/client.ts';
import { users } from '../platform/db/schema-people.ts';
import { organizations, schools } from '../platform/db/schema.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { makeBin } from '@tamaq/contract/kz-id';
import { loadDemoFood } from './demo-food.ts';
import { loadDemoPeople, rateDemoDishes } from './demo-people.ts';
import { loadDemoLibrary } from './demo-library.ts';

export interface DemoLogin {
  email: string;
  role: Role;
  note: string;
}

export const DEMO_PASSWORD = 'demo12345';

/**
 * The demo data set of ARCHITECTURE.md, loaded into a new embedded database so a first run shows a
 * working product. One login per role, all with DEMO_PASSWORD. Each later module adds its own part
 * (pupils, cards, canteens, menus, visits...) through `DEMO_PARTS`.
 */
export async function loadDemoData(db: Db, now: Date = new Date()): Promise<DemoLogin[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [edu, kg, company] = await tx
      .insert(organizations)
      .values([
        {
          name: 'Отдел образования г. Алматы',
          type: 'education',
          bin: makeBin('180240', 1),
          address: 'г. Алматы, пр. Абая, 1',
          modules: ['library'],
        },
        {
          name: 'Ясли-сад «Балапан»',
          type: 'kindergarten',
          bin: makeBin('190340', 2),
          address: 'г. Алматы, ул. Жандосова, 12',
          modules: ['library'],
        },
        {
          name: 'ТОО «Асхана Сервис»',
          type: 'company',
          bin: makeBin('200440', 3),
          address: 'г. Алматы, ул. Сатпаева, 30',
        },
      ])
      .returning();
    const [school1, school2, kindergarten] = await tx
      .insert(schools)
      .values([
        {
          organizationId: edu!.id,
          regionId: 2,
          name: 'Школа-гимназия №1',
          nameKk: '№1 мектеп-гимназия',
          number: '1',
          bin: makeBin('010140', 4),
          city: 'Алматы',
          address: 'ул. Толе би, 45',
        },
        {
          organizationId: edu!.id,
          regionId: 2,
          name: 'Средняя школа №25',
          nameKk: '№25 орта мектеп',
          number: '25',
          bin: makeBin('020240', 5),
          city: 'Алматы',
          address: 'мкр. Самал-2, 8',
        },
        {
          organizationId: kg!.id,
          regionId: 2,
          name: 'Детский сад «Балапан»',
          nameKk: '«Балапан» балабақшасы',
          number: '7',
          bin: makeBin('030340', 6),
          city: 'Алматы',
          address: 'ул. Жандосова, 12',
        },
      ])
      .returning();

    const people: Array<{
      email: string;
      name: string;
      role: Role;
      org: number | null;
      school?: number;
      jobTitle?: string;
      note: string;
    }> = [
      { email: 'superadmin@demo.kz', name: 'Айгерим Сапарова', role: 'SuperAdmin', org: null, note: 'все организации' },
      {
        email: 'admin@demo.kz',
        name: 'Ерлан Жумабеков',
        role: 'Admin',
        org: company!.id,
        jobTitle: 'Директор',
        note: 'компания',
      },
      {
        email: 'cashier@demo.kz',
        name: 'Гульнара Ахметова',
        role: 'Cashier',
        org: company!.id,
        jobTitle: 'Кассир',
        note: 'компания',
      },
      {
        email: 'economist@demo.kz',
        name: 'Марат Касымов',
        role: 'Economist',
        org: company!.id,
        jobTitle: 'Экономист',
        note: 'компания',
      },
      {
        email: 'edu.admin@demo.kz',
        name: 'Динара Оспанова',
        role: 'EducationAdmin',
        org: edu!.id,
        note: 'образование, все школы',
      },
      {
        email: 'school.admin@demo.kz',
        name: 'Асель Нурланова',
        role: 'EducationAdmin',
        org: edu!.id,
        school: school1!.id,
        note: `только «${school1!.name}»`,
      },
      {
        email: 'kg.admin@demo.kz',
        name: 'Жанна Бекова',
        role: 'EducationKindergartenAdmin',
        org: kg!.id,
        school: kindergarten!.id,
        note: 'детский сад',
      },
      {
        email: 'edu.cashier@demo.kz',
        name: 'Сауле Омарова',
        role: 'EducationCashier',
        org: edu!.id,
        note: 'образование',
      },
      {
        email: 'social@demo.kz',
        name: 'Бауыржан Тлеуов',
        role: 'EducationSocialTeacher',
        org: edu!.id,
        note: 'образование',
      },
      {
        email: 'observer@demo.kz',
        name: 'Нургуль Смагулова',
        role: 'EducationObserver',
        org: edu!.id,
        note: 'образование',
      },
      {
        email: 'librarian@demo.kz',
        name: 'Алия Серикова',
        role: 'EducationLibrarian',
        org: edu!.id,
        school: school2!.id,
        note: `библиотека «${school2!.name}»`,
      },
      { email: 'parent@demo.kz', name: 'Тимур Абенов', role: 'Parent', org: null, note: 'родитель двоих детей' },
      { email: 'parent2@demo.kz', name: 'Жанар Есенова', role: 'Parent', org: null, note: 'родитель другого ребёнка' },
    ];
    const staff = await tx
      .insert(users)
      .values(
        people.map((p) => ({
          email: p.email,
          name: p.name,
          roleId: ROLE_IDS[p.role],
          organizationId: p.org,
          schoolId: p.school ?? null,
          jobTitle: p.jobTitle ?? null,
          regionId: 2,
          passwordHash,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const parentId = staff.find((u) => u.email === 'parent@demo.kz')!.id;
    const parent2Id = staff.find((u) => u.email === 'parent2@demo.kz')!.id;
    const family = await loadDemoPeople(
      tx,
      {
        edu: edu!.id,
        kg: kg!.id,
        company: company!.id,
        school1: school1!.id,
        school2: school2!.id,
        kindergarten: kindergarten!.id,
        parentId,
        parent2Id,
      },
      now,
    );
    await loadDemoFood(
      tx,
      {
        edu: edu!.id,
        schools: [school1!.id, school2!.id],
        cashierId: staff.find((u) => u.email === 'edu.cashier@demo.kz')!.id,
      },
      now,
    );
    await loadDemoNutrition(tx, { edu: edu!.id, kg: kg!.id });
    await rateDemoDishes(tx, now);
    await loadDemoLibrary(
      tx,
      {
        organizationId: edu!.id,
        schoolId: school2!.id,
        librarianId: staff.find((u) => u.email === 'librarian@demo.kz')!.id,
        familyChildId: family.libraryChildId,
      },
      now,
    );
    return people.map((p) => ({ email: p.email, role: p.role, note: p.note }));
  });
}
