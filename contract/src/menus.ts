import { ALLERGENS } from './allergens.ts';
import { NameAnswer, nameBody, someName } from './names.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { IdParams, listOf, Ok, Paging } from './common.ts';
import { Image } from './profile.ts';
import { bodyId, optionalQueryId, z } from './zod.ts';

/**
 * Cyclic menus (docs/product.md "Menus", "Entities", "Calls"; docs/domain.md "Menus, cashbox, orders"): `days` days over the
 * chosen meal modes, each day and mode with its dishes.
 */
export const MEAL_MODES = withKazakh(
  {
    1: 'Завтрак',
    2: 'Второй завтрак',
    3: 'Обед',
    4: 'Полдник',
    5: 'Ужин',
    6: 'Второй ужин',
    7: 'Супы',
    8: 'Горячие блюда',
    9: 'Гарниры',
    10: 'Салаты',
    11: 'Напитки',
    12: 'Выпечка и десерты',
    13: 'Фрукты',
    14: 'Диетическое меню',
  } as const satisfies Record<number, string>,
  {
    1: 'Таңғы ас',
    2: 'Екінші таңғы ас',
    3: 'Түскі ас',
    4: 'Бесін ас',
    5: 'Кешкі ас',
    6: 'Екінші кешкі ас',
    7: 'Сорпалар',
    8: 'Ыстық тағамдар',
    9: 'Гарнирлер',
    10: 'Салаттар',
    11: 'Сусындар',
    12: 'Тоқаштар мен десерттер',
    13: 'Жемістер',
    14: 'Диеталық мәзір',
  },
);
export const MEAL_MODE_IDS = Object.keys(MEAL_MODES).map(Number);
export const MENU_DAYS_MAX = 366;

/**
 * A menu's season (the 2025 meal standard's two seasonal menus; docs/rules.md "Seasons"): it serves
 * only on its season's dates; a menu without one serves all year.
 */
export const MENU_SEASONS = withKazakh({ summer_autumn: 'Лето–осень', winter_spring: 'Зима–весна' } as const, {
  summer_autumn: 'Жаз–күз',
  winter_spring: 'Қыс–көктем',
});
export const MENU_SEASON_IDS = ['summer_autumn', 'winter_spring'] as const;
export type MenuSeason = (typeof MENU_SEASON_IDS)[number];
/** The month each season begins on (1 June, 1 December): summer–autumn is June to November. */
export const SEASON_FIRST_MONTH: Record<MenuSeason, number> = { summer_autumn: 6, winter_spring: 12 };
/** The school cycles the standard knows (before 2025 two weeks, since then four). */
export const MENU_CYCLES = [10, 20] as const;

/** The season of a date 'YYYY-MM-DD'. */
export function seasonOf(date: string): MenuSeason {
  const month = Number(date.slice(5, 7));
  return month >= SEASON_FIRST_MONTH.summer_autumn && month < SEASON_FIRST_MONTH.winter_spring
    ? 'summer_autumn'
    : 'winter_spring';
}

/** The first date of the season `date` falls in: 1 June of its year, or the 1 December before it. */
export function seasonStart(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (seasonOf(date) === 'summer_autumn') return `${year}-06-01`;
  return month >= SEASON_FIRST_MONTH.winter_spring ? `${year}-12-01` : `${year - 1}-12-01`;
}

export const MENU_MESSAGES = withKazakh(
  {
    notFound: 'Меню не найдено',
    inUse: 'Нельзя удалить меню, которое используется',
    days: `Число дней — целое от 1 до ${MENU_DAYS_MAX}`,
    noGroups: 'Отметьте хотя бы один режим питания',
    badGroups: 'Режимы питания — номера от 1 до 14',
    day: 'Такого дня нет в меню',
    group: 'Этого режима питания нет в меню',
    dishNotFound: 'Блюдо не найдено',
    noDishes: 'Выберите хотя бы одно блюдо',
    copyName: (name: string) => `${name} (копия)`.slice(0, 255),
    noTargetDays: 'Выберите дни, куда копировать',
    sameDay: 'День нельзя скопировать в самого себя',
    emptyDay: 'В этом дне нет блюд: копировать нечего',
    dishOrder: 'Порядок должен назвать каждое блюдо этого дня и режима один раз',
    season: 'Сезон — «Лето–осень», «Зима–весна» или круглый год',
  } as const,
  {
    notFound: 'Мәзір табылмады',
    inUse: 'Қолданыстағы мәзірді жою мүмкін емес',
    days: `Күндер саны — 1-ден ${MENU_DAYS_MAX}-ге дейінгі бүтін сан`,
    noGroups: 'Кемінде бір тамақтану режимін белгілеңіз',
    badGroups: 'Тамақтану режимдері — 1-ден 14-ке дейінгі нөмірлер',
    day: 'Мәзірде мұндай күн жоқ',
    group: 'Мәзірде бұл тамақтану режимі жоқ',
    dishNotFound: 'Тағам табылмады',
    noDishes: 'Кемінде бір тағамды таңдаңыз',
    copyName: (name: string) => `${name} (көшірме)`.slice(0, 255),
    noTargetDays: 'Қай күндерге көшіретініңізді таңдаңыз',
    sameDay: 'Күнді өзіне көшіруге болмайды',
    emptyDay: 'Бұл күнде тағамдар жоқ: көшіретін ештеңе жоқ',
    dishOrder: 'Реті осы күн мен режимнің әр тағамын бір реттен атауы керек',
    season: 'Маусым — «Жаз–күз», «Қыс–көктем» немесе жыл бойы',
  },
);
const M = MENU_MESSAGES;

/** Meal modes as an array or the spec's comma string "1,3,5"; answered unique and ascending. */
export const mealModes = () =>
  z
    .union([z.array(z.union([z.number(), z.string().max(5)])).max(50), z.string().max(100)], {
      error: (iss) => (iss.input === undefined || iss.input === null ? M.noGroups : M.badGroups),
    })
    .transform((input, ctx) => {
      const items = typeof input === 'string' ? input.split(',') : input;
      const modes = new Set<number>();
      for (const item of items) {
        const text = String(item).trim();
        if (text === '') continue;
        const n = Number(text);
        if (!/^\d{1,2}$/.test(text) || n < 1 || n > 14) {
          ctx.addIssue({ code: 'custom', message: M.badGroups });
          return z.NEVER;
        }
        modes.add(n);
      }
      if (modes.size === 0) {
        ctx.addIssue({ code: 'custom', message: M.noGroups });
        return z.NEVER;
      }
      return [...modes].sort((a, b) => a - b);
    });

const menuDays = () =>
  z.coerce
    .number({ error: M.days })
    .int({ error: M.days })
    .min(1, { error: M.days })
    .max(MENU_DAYS_MAX, { error: M.days });

export const MenuDish = z.object({
  day: z.number().int(),
  group: z.number().int(),
  product_id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    /** Its names in both languages (names.ts): the menu print shows both. */
    ...NameAnswer,
    output: z.string(),
    cost: z.string(),
    image: Image.nullable(),
    /** Its allergens today: the cook's and its card's foods' (ours). */
    allergens: z.array(z.enum(ALLERGENS)),
  }),
});
export type MenuDish = z.infer<typeof MenuDish>;

/** A menu; `groups` is the spec's comma string ("1,3"). `products` only in the one-menu answer. */
export const Menu = z.object({
  id: z.number().int(),
  ...NameAnswer,
  days: z.number().int(),
  groups: z.string(),
  /** Its season, or null: served all year (ours). */
  season: z.enum(MENU_SEASON_IDS).nullable(),
  /** Activations that apply it (a menu in use cannot be deleted). */
  activations: z.number().int(),
  created_at: z.string(),
  products: z.array(MenuDish).optional(),
});
export type Menu = z.infer<typeof Menu>;

export const MenuListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
});
export type MenuListQuery = z.infer<typeof MenuListQuery>;
export const MenuList = listOf(Menu);
export type MenuList = z.infer<typeof MenuList>;

/** The Russian name and the Kazakh one (at least one, see names.ts), the days and the meal modes. */
const season = () => z.enum(MENU_SEASON_IDS, { error: M.season }).nullable().optional();
const MenuFields = z.object({ ...nameBody(255), days: menuDays(), groups: mealModes(), season: season() });
export const MenuCreate = MenuFields.refine(...someName);
export type MenuCreate = z.infer<typeof MenuCreate>;
/** A name or season left out of a change stays as it is (the spec's client knows neither). */
export const MenuUpdate = MenuFields.extend({ id: bodyId() });
export type MenuUpdate = z.infer<typeof MenuUpdate>;

const cell = {
  menu_id: bodyId(),
  day: z.number({ error: M.day }).int({ error: M.day }).min(1, { error: M.day }).max(MENU_DAYS_MAX, { error: M.day }),
  group: z
    .number({ error: M.group })
    .int({ error: M.group })
    .min(1, { error: M.badGroups })
    .max(14, { error: M.badGroups }),
};

/** `POST /api/menu/product`: one dish (`product_id`) or several (`product_ids`) on a day and mode. */
export const MenuDishesAdd = z
  .object({
    ...cell,
    product_id: bodyId().optional(),
    product_ids: z.array(bodyId()).max(200).optional(),
  })
  .transform((v, ctx) => {
    const ids = [...new Set([...(v.product_ids ?? []), ...(v.product_id ? [v.product_id] : [])])];
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: M.noDishes, path: ['product_ids'] });
      return z.NEVER;
    }
    return { menu_id: v.menu_id, day: v.day, group: v.group, product_ids: ids };
  });
export type MenuDishesAdd = z.infer<typeof MenuDishesAdd>;

/** `PUT /api/menu/product`: removes a dish from a day and mode. */
export const MenuDishRemove = z.object({ ...cell, product_id: bodyId() });
export type MenuDishRemove = z.infer<typeof MenuDishRemove>;

/** `PUT /api/menu/product/order` (ours): the day's meal's dishes in the order they are served. */
export const MenuDishesOrder = z
  .object({ ...cell, product_ids: z.array(bodyId()).min(1, { error: M.dishOrder }).max(200) })
  .refine((v) => new Set(v.product_ids).size === v.product_ids.length, {
    path: ['product_ids'],
    error: () => M.dishOrder,
  });
export type MenuDishesOrder = z.infer<typeof MenuDishesOrder>;

/** `POST /api/menu/{id}/copy` (ours): a new menu with the same days, meal modes and dishes. */
/** The copy's names; one not given is the source's. */
export const MenuCopy = z.object({ ...nameBody(255) }).refine(...someName);
export type MenuCopy = z.infer<typeof MenuCopy>;

const dayOf = () =>
  z.number({ error: M.day }).int({ error: M.day }).min(1, { error: M.day }).max(MENU_DAYS_MAX, { error: M.day });

/**
 * `POST /api/menu/{id}/days/copy` (ours): the dishes of day `from`, every meal mode, onto the days
 * `to`. `replace`: the target days' dishes are replaced (asked first by the screen); otherwise added
 * beside them (a dish already there stays once).
 */
export const MenuDayCopy = z
  .object({
    from: dayOf(),
    to: z.array(dayOf(), { error: M.noTargetDays }).min(1, { error: M.noTargetDays }).max(MENU_DAYS_MAX),
    replace: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.to.includes(v.from)) ctx.addIssue({ code: 'custom', message: M.sameDay, path: ['to'] });
  })
  .transform((v) => ({ ...v, to: [...new Set(v.to)].sort((a, b) => a - b) }));
export type MenuDayCopy = z.infer<typeof MenuDayCopy>;

const menusEndpoint = endpointsOf('menus');
const menusAccess = rolesFor('/menus');

export const MENUS_ENDPOINTS = {
  list: menusEndpoint('list', { query: MenuListQuery, answer: MenuList, access: menusAccess, summary: 'Меню' }),
  get: menusEndpoint('get', {
    params: IdParams,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Меню с блюдами по дням и режимам',
  }),
  create: menusEndpoint('create', {
    body: MenuCreate,
    answer: Menu,
    access: menusAccess,
    summary: 'Новое меню: название, дни (1–366), режимы питания "1,3"',
  }),
  update: menusEndpoint('update', {
    body: MenuUpdate,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Изменение меню (блюда убранных дней и режимов удаляются)',
  }),
  remove: menusEndpoint('remove', {
    params: IdParams,
    answer: Ok,
    refusals: [404, 409],
    access: menusAccess,
    summary: 'Удаление меню; отказ 409, пока оно активировано',
  }),
  copy: menusEndpoint('copy', {
    params: IdParams,
    body: MenuCopy,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Копия меню под новым названием: те же дни, режимы и блюда',
  }),
  copyDay: menusEndpoint('copyDay', {
    params: IdParams,
    body: MenuDayCopy,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Блюда одного дня (все режимы) в другие дни меню: добавить или заменить (replace)',
  }),
  addDishes: menusEndpoint('addDishes', {
    body: MenuDishesAdd,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Блюда в день и режим меню: product_id или product_ids',
  }),
  removeDish: menusEndpoint('removeDish', {
    body: MenuDishRemove,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Убрать блюдо из дня и режима меню',
  }),
  orderDishes: menusEndpoint('orderDishes', {
    body: MenuDishesOrder,
    answer: Menu,
    refusals: [404],
    access: menusAccess,
    summary: 'Порядок блюд дня и режима меню, как их подают (суп перед вторым): каждое блюдо режима один раз',
    example: { menu_id: 1, day: 1, group: 3, product_ids: [5, 2, 9] },
  }),
};
