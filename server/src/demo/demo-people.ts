import { sql } from 'drizzle-orm';
import { makeIin } from '@tamaq/contract/kz-id';
import type { Db } from '../platform/db/client.ts';

import {
  canteens,
  cards,
  classrooms,
  fixationCategories,
  foodCategories,
  childRestrictions,
  parentChildren,
  parentInvitations,
  schoolSettings,
  users,
  watches,
} from '../platform/db/schema-people.ts';
import {
  notificationChoices,
  notificationSettings,
  pushSubscriptions,
  telegramChats,
} from '../platform/db/schema-notifications.ts';
import { localDate } from '../platform/time.ts';
import { createSchoolCalendars } from '../modules/calendar/school-calendar.ts';
import { createMealDishes, type RatedMeal } from '../modules/ratings/meal-dishes.ts';
import { addDays, isServed } from '../modules/calendar/school-year.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoStructure {
  edu: number;
  kg: number;
  company: number;
  school1: number;
  school2: number;
  kindergarten: number;
  parentId: number;
  /** The second demo parent, of another child: each parent reads their own children only. */
  parent2Id: number;
}

/** What the rest of the demo builds on: the demo parent's child at the library's school. */
export interface DemoFamily {
  libraryChildId: number;
}

const BOYS = ['Алихан', 'Арман', 'Нурсултан', 'Даулет', 'Ерасыл', 'Санжар', 'Темирлан', 'Айдын', 'Мирас', 'Ильяс'];
const GIRLS = ['Айару', 'Аружан', 'Томирис', 'Дана', 'Камила', 'Медина', 'Амина', 'Жасмин', 'Алина', 'Сабина'];
const SURNAMES = ['Ахметов', 'Жумабаев', 'Серикбаев', 'Касымов', 'Нурланов', 'Оспанов', 'Бекмуханов', 'Тлеуов'];
const JOBS = ['Инженер', 'Оператор', 'Механик', 'Электрик', 'Бухгалтер', 'Водитель', 'Технолог', 'Мастер участка'];

/** A deterministic sequence, so every new demo database looks the same. */
function* people(seed: number) {
  for (let i = seed; ; i++) {
    const girl = i % 2 === 1;
    const first = (girl ? GIRLS : BOYS)[(i * 7) % 10]!;
    const surname = SURNAMES[(i * 3) % SURNAMES.length]! + (girl ? 'а' : '');
    yield { i, girl, name: `${surname} ${first}` };
  }
}

const cardNumber = (n: number) => `7700${String(n).padStart(6, '0')}`;

/**
 * Classes, pupils with cards and food categories (a third of them in the social wallet), a
 * kindergarten's groups, the company's canteens, meal times, watches and employees, and a month of
 * past visits: enough for every screen to show something real on a first start.
 */
export async function loadDemoPeople(tx: Tx, s: DemoStructure, now: Date): Promise<DemoFamily> {
  // The schools' meal times: the first shift's breakfast and lunch, the second shift's lunch
  // before its lessons (the social wallet pays the lunches, the paid category every meal).
  const [breakfast, lunch1, lunch2] = await tx
    .insert(fixationCategories)
    .values([
      {
        organizationId: s.edu,
        name: 'Завтрак',
        position: 1,
        timeStart: '08:00',
        timeFinish: '09:30',
        shift: 1,
        mealMode: 1,
      },
      {
        organizationId: s.edu,
        name: 'Обед',
        position: 2,
        timeStart: '11:30',
        timeFinish: '13:30',
        shift: 1,
        mealMode: 3,
      },
      {
        organizationId: s.edu,
        name: 'Обед',
        position: 3,
        timeStart: '13:30',
        timeFinish: '15:00',
        shift: 2,
        mealMode: 3,
      },
    ])
    .returning();
  const [sw, paid, kgFull, kgSw] = await tx
    .insert(foodCategories)
    .values([
      {
        organizationId: s.edu,
        name: 'Социальный кошелёк',
        nameKk: 'Әлеуметтік әмиян',
        cost: '650.00',
        type: 'sw',
        meals: [lunch1!.id, lunch2!.id],
      },
      { organizationId: s.edu, name: 'Платное питание', nameKk: 'Ақылы тамақтану', cost: '900.00', type: 'common' },
      { organizationId: s.kg, name: 'Полный день', nameKk: 'Толық күн', cost: '1200.00', type: 'common' },
      { organizationId: s.kg, name: 'Льготная', nameKk: 'Жеңілдікті', cost: '800.00', type: 'sw' },
    ])
    .returning();

  const classNames = (n: number) =>
    Array.from({ length: n }, (_, k) => `${Math.floor(k / 2) + 1} «${k % 2 ? 'Б' : 'А'}»`);
  const rooms = await tx
    .insert(classrooms)
    .values([
      ...classNames(8).map((name) => ({ organizationId: s.edu, schoolId: s.school1, name })),
      // The second school's third grade studies in the afternoon.
      ...classNames(6).map((name) => ({
        organizationId: s.edu,
        schoolId: s.school2,
        name,
        shift: name.startsWith('3 ') ? 2 : 1,
      })),
      ...[
        ['Младшая группа', 'Кіші топ'],
        ['Средняя группа', 'Ортаңғы топ'],
        ['Старшая группа', 'Ересек топ'],
      ].map(([name, nameKk]) => ({
        organizationId: s.kg,
        schoolId: s.kindergarten,
        name: name!,
        nameKk,
      })),
    ])
    .returning();

  const today = localDate(now);
  const gen = people(1);
  const pupilRows: (typeof users.$inferInsert)[] = [];
  for (const room of rooms) {
    const kindergarten = room.organizationId === s.kg;
    for (let k = 0; k < (kindergarten ? 15 : 20); k++) {
      const p = gen.next().value!;
      const grade = kindergarten ? 0 : Number(room.name.split(' ')[0]);
      const birthYear = kindergarten ? 21 : 19 - grade;
      const inSw = p.i % 3 === 0;
      const category = kindergarten ? (inSw ? kgSw! : kgFull!) : inSw ? sw! : p.i % 3 === 1 ? paid! : null;
      pupilRows.push({
        organizationId: room.organizationId,
        schoolId: room.schoolId,
        classroomId: room.id,
        name: p.name,
        iin: makeIin(
          `${String(birthYear).padStart(2, '0')}${String((p.i % 12) + 1).padStart(2, '0')}${String((p.i % 28) + 1).padStart(2, '0')}`,
          p.girl ? 6 : 5,
          p.i,
        ),
        foodCategoryId: category?.id ?? null,
        // The wallet's dates as the order gives them: most from 1 September, some from 1 October
        // (a list that came late); half until the end of the school year (25.05.2027).
        socialWalletSetDate:
          category?.type === 'sw'
            ? p.i % 5 === 0
              ? '2026-10-01'
              : '2026-09-01'
            : !category && p.i % 10 === 2
              ? '2026-09-01'
              : null,
        socialWalletOrder: category?.type === 'sw' ? '№ 112 от 28.08.2026' : null,
        // A few pupils left the social wallet this autumn: the list shows them in red.
        socialWalletResetDate:
          category?.type === 'sw' && p.i % 2 === 0 ? '2027-05-26' : !category && p.i % 10 === 2 ? '2026-10-15' : null,
        regionId: 2,
      });
    }
  }

  const [company] = [s.company];
  const [canteen1, canteen2] = await tx
    .insert(canteens)
    .values([
      { organizationId: company, name: 'Столовая №1 (главный корпус)', address: 'г. Алматы, ул. Сатпаева, 30' },
      { organizationId: company, name: 'Столовая №2 (цех)', address: 'г. Алматы, ул. Сатпаева, 30/2' },
    ])
    .returning();
  await tx.insert(fixationCategories).values([
    { organizationId: company, name: 'Завтрак', position: 1, timeStart: '07:00', timeFinish: '10:00' },
    { organizationId: company, name: 'Обед', position: 2, timeStart: '12:00', timeFinish: '15:00' },
    { organizationId: company, name: 'Ужин', position: 3, timeStart: '17:00', timeFinish: '20:00' },
  ]);
  // The kindergarten's three meals.
  const [, gardenLunch] = await tx
    .insert(fixationCategories)
    .values([
      { organizationId: s.kg, name: 'Завтрак', position: 1, timeStart: '08:30', timeFinish: '09:15', mealMode: 1 },
      { organizationId: s.kg, name: 'Обед', position: 2, timeStart: '12:00', timeFinish: '13:00', mealMode: 3 },
      { organizationId: s.kg, name: 'Полдник', position: 3, timeStart: '15:30', timeFinish: '16:00', mealMode: 4 },
    ])
    .returning();
  const [odd, even] = await tx
    .insert(watches)
    .values([
      {
        organizationId: company,
        name: 'Вахта 1 (нечётные дни)',
        days: [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31],
      },
      {
        organizationId: company,
        name: 'Вахта 2 (чётные дни)',
        days: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30],
      },
    ])
    .returning();
  const employees: (typeof users.$inferInsert)[] = [];
  for (let k = 0; k < 30; k++) {
    const p = gen.next().value!;
    employees.push({
      organizationId: company,
      name: p.name,
      jobTitle: JOBS[k % JOBS.length]!,
      watchId: k < 10 ? (k % 2 ? odd!.id : even!.id) : null,
      regionId: 2,
    });
  }

  const inserted = await tx
    .insert(users)
    .values([...pupilRows, ...employees])
    .returning({ id: users.id, organizationId: users.organizationId, classroomId: users.classroomId });
  await tx.insert(cards).values(
    inserted.map((u, k) => ({
      organizationId: u.organizationId!,
      number: cardNumber(k + 1),
      userId: u.id,
      linkedAt: now,
      // A few managers eat more than once a day: endless cards.
      endlessUse: u.classroomId === null && k % 10 === 0,
    })),
  );
  // Spare cards of each organization, registered but not yet handed out.
  await tx
    .insert(cards)
    .values(
      [s.edu, s.kg, company].flatMap((organizationId, o) =>
        Array.from({ length: 5 }, (_, k) => ({ organizationId, number: cardNumber(900 + o * 10 + k) })),
      ),
    );

  await tx.insert(schoolSettings).values({
    schoolId: s.school1,
    server: '10.12.0.15',
    port: 5432,
    databaseName: 'turnstile',
    user: 'tamaq',
    password: 'demo-turnstile-2026',
  });

  const firstPupil = inserted.find((u) => u.organizationId === s.edu)!;
  // The demo parent's second child, at the other school (whose library lends it two books), and the
  // second demo parent's child, in a third class.
  const rowOf = (i: number) => pupilRows[i];
  const firstRow = rowOf(inserted.indexOf(firstPupil))!;
  // With a food category and another first name; the family's surname where the school has one.
  const stem = (name: string) => name.split(' ')[0]!.replace(/а$/, '');
  const candidates = inserted.filter((u, i) => {
    const row = rowOf(i);
    return (
      row?.schoolId === s.school2 &&
      u.classroomId !== null &&
      row.foodCategoryId != null &&
      row.name.split(' ')[1] !== firstRow.name.split(' ')[1]
    );
  });
  const secondChild =
    candidates.find((u) => stem(rowOf(inserted.indexOf(u))!.name) === stem(firstRow.name)) ?? candidates[0]!;
  const otherChild = inserted.find(
    (u) =>
      u.organizationId === s.edu &&
      u.classroomId !== null &&
      u.classroomId !== firstPupil.classroomId &&
      u.classroomId !== secondChild.classroomId,
  )!;
  await tx.insert(parentChildren).values([
    { parentId: s.parentId, pupilId: firstPupil.id },
    { parentId: s.parentId, pupilId: secondChild.id },
    { parentId: s.parent2Id, pupilId: otherChild.id },
  ]);
  // The demo parent keeps milk and peanuts from the child; the school has not yet seen a certificate.
  await tx.insert(childRestrictions).values({
    pupilId: firstPupil.id,
    allergens: ['peanuts', 'milk'],
    diets: [],
    note: 'Сыпь от арахиса; молоко — только в выпечке',
    setBy: s.parentId,
    setAt: now,
  });
  await tx.insert(parentInvitations).values(
    [
      [firstPupil.id, 'parent@demo.kz', s.parentId],
      [secondChild.id, 'parent@demo.kz', s.parentId],
      [otherChild.id, 'parent2@demo.kz', s.parent2Id],
    ].map(([pupilId, email, parentId], k) => ({
      organizationId: s.edu,
      pupilId: pupilId as number,
      email: email as string,
      codeHash: `demo-accepted-invitation-${k}`,
      expiresAt: now,
      acceptedAt: now,
      parentId: parentId as number,
    })),
  );

  // The school year's days of the last month (weekends, holidays and vacations out), a school's and
  // the kindergarten's; a few pupils away on the last of them and today.
  const from = addDays(today, -30);
  const calendars = await createSchoolCalendars(tx).of([s.school1, s.kindergarten], from, today);
  const working = (school: number) =>
    `{${calendars
      .get(school)!
      .days.filter((d) => isServed(d.kind) && d.date < today)
      .map((d) => d.date)
      .join(',')}}`;
  const schoolDays = working(s.school1);
  const gardenDays = working(s.kindergarten);
  const lastDay = calendars
    .get(s.school1)!
    .days.filter((d) => isServed(d.kind) && d.date < today)
    .at(-1)?.date;
  const away = [lastDay, isServed(calendars.get(s.school1)!.day(today)!.kind) ? today : undefined].filter(
    (d): d is string => d !== undefined,
  );
  for (const [k, date] of away.entries())
    await tx.execute(sql`
      insert into absences (organization_id, school_id, user_id, date)
      select u.organization_id, u.school_id, u.id, ${date}::date from users u
      where u.classroom_id is not null and u.organization_id = ${s.edu} and u.id % 17 = ${k}`);

  // A month of past meals (none today, so today's scans start clean): pupils with a category on
  // the school's working days (not those away), each in its shift's lunch (the kindergarten's at
  // noon), the first shift's paid pupils at breakfast too; employees at the first canteen every day.
  await tx.execute(sql`
    insert into visits (organization_id, school_id, user_id, card_id, classroom_id, food_category_id, cost, visit_date,
      created_at, fixation_category_id)
    select u.organization_id, u.school_id, u.id, c.id, u.classroom_id, u.food_category_id, f.cost, d::date,
           (d::date + m.at + (u.id % 50) * interval '1 minute') at time zone 'Asia/Almaty', m.id
    from users u
    join classrooms r on r.id = u.classroom_id
    join cards c on c.user_id = u.id
    join food_categories f on f.id = u.food_category_id
    join lateral (values
      (${gardenLunch!.id}::int, time '12:00', u.organization_id = ${s.kg}),
      (${lunch1!.id}::int, time '12:00', u.organization_id = ${s.edu} and r.shift = 1),
      (${lunch2!.id}::int, time '13:40', u.organization_id = ${s.edu} and r.shift = 2),
      (${breakfast!.id}::int, time '08:10', u.organization_id = ${s.edu} and r.shift = 1 and f.type = 'common')
    ) m(id, at, due) on m.due
    cross join generate_series(${today}::date - 30, ${today}::date - 1, interval '1 day') d
    where d::date = any(case when u.organization_id = ${s.kg} then ${gardenDays}::date[] else ${schoolDays}::date[] end)
      and not exists (select 1 from absences a where a.user_id = u.id and a.date = d::date)`);
  await tx.execute(sql`
    insert into visits (organization_id, canteen_id, user_id, card_id, fixation_category_id, visit_date, created_at)
    select u.organization_id, ${canteen1!.id}, u.id, c.id, fc.id, d::date,
           (d::date + time '12:30' + (u.id % 60) * interval '1 minute') at time zone 'Asia/Almaty'
    from users u
    join cards c on c.user_id = u.id
    join fixation_categories fc on fc.organization_id = u.organization_id and fc.name = 'Обед'
    cross join generate_series(${today}::date - 30, ${today}::date - 1, interval '1 day') d
    where u.organization_id = ${company} and u.role_id is null`);
  // The demo parent rated the child's lunches of the last days, one with a comment.
  await tx.execute(sql`
    insert into meal_ratings (organization_id, school_id, pupil_id, rater_id, visit_id, date, score, comment,
      created_at, updated_at)
    select v.organization_id, v.school_id, v.user_id, ${s.parentId}, v.id, v.visit_date,
           (array[5, 4, 5, 3, 4])[n], case when n = 4 then 'Суп остыл, остальное вкусно' end,
           v.created_at + interval '2 hours', v.created_at + interval '2 hours'
    from (select v.*, row_number() over (order by v.visit_date desc, v.id desc) as n
          from visits v where v.user_id = ${firstPupil.id} and v.fixation_category_id <> ${breakfast!.id}) v
    where n <= 5`);
  // The demo parent hears of both children's meals by e-mail, nothing between 22:00 and 07:00: the
  // last week's letters, kept in the outbox as a first run without a mail server keeps them.
  await tx.insert(notificationSettings).values({ parentId: s.parentId, quietFrom: '22:00', quietTo: '07:00' });
  await tx.insert(notificationChoices).values([
    { parentId: s.parentId, pupilId: firstPupil.id, event: 'meal', channel: 'email' },
    { parentId: s.parentId, pupilId: secondChild.id, event: 'meal', channel: 'email' },
  ]);
  await tx.execute(sql`
    with e as (
      insert into notification_events (event, organization_id, pupil_id, visit_id, at, fanned_at)
      select 'meal', v.organization_id, v.user_id, v.id, v.created_at, v.created_at
      from visits v
      where v.user_id in (${firstPupil.id}, ${secondChild.id}) and v.visit_date >= ${today}::date - 7
      returning id, pupil_id, at
    )
    insert into notification_deliveries (event_id, parent_id, pupil_id, channel, target, status, attempts, next_at,
      sent_at, created_at)
    select e.id, ${s.parentId}, e.pupil_id, 'email', 'parent@demo.kz', 'kept', 1, e.at, e.at + interval '3 seconds', e.at
    from e`);
  void canteen2;
  // The second demo parent allowed notices in a phone's browser once (a subscription that no push
  // service knows: were push chosen, the first notice would find it gone and remove it).
  await tx.insert(pushSubscriptions).values({
    parentId: s.parent2Id,
    endpoint: 'https://fcm.googleapis.com/fcm/send/demo-parent2-phone',
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
    label: 'Телефон',
  });
  // …and tied a Telegram chat (no bot is set on a first run: nothing goes there until one is).
  await tx.insert(telegramChats).values({ parentId: s.parent2Id, chatId: 700000002, name: 'Демо Родитель' });
  return { libraryChildId: secondChild.id };
}

/**
 * The dishes each demo rating counts for (docs/rules.md "Ratings"): what the school's menu served at
 * that meal, looked up as a parent's rating looks it up. Run once the menus are in.
 */
export async function rateDemoDishes(tx: Tx, now: Date): Promise<void> {
  const mealDishes = createMealDishes({ db: tx as unknown as Db, now: () => now });
  const rated = await tx.execute(sql`
    select r.id, v.school_id as "schoolId", f.type as "foodCategoryType", r.date, x.name as "mealName"
    from meal_ratings r
    join visits v on v.id = r.visit_id
    left join food_categories f on f.id = v.food_category_id
    left join fixation_categories x on x.id = v.fixation_category_id`);
  for (const r of (rated as unknown as { rows: (RatedMeal & { id: number })[] }).rows) {
    const ids = await mealDishes(r);
    await tx.execute(sql`update meal_ratings set dish_ids = ${`{${ids.join(',')}}`}::integer[] where id = ${r.id}`);
  }
}
