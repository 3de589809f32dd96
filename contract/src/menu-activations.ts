import { NameAnswer, NamedRef } from './names.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { listOf, Ok, Paging } from './common.ts';
import { bodyId, optionalQueryId, z } from './zod.ts';
import { ActivationDays, ActivationDaysQuery } from './calendar.ts';
import { MENU_SEASON_IDS } from './menus.ts';

/**
 * Activated menus (docs/product.md "Activated menus", "Calls"; docs/domain.md "Menus, cashbox, orders"): a menu applies
 * to a school from a date, as free or paid food. Today's menu day is that of the newest activation
 * of that type dated today or earlier, over the school's working days (docs/rules.md "The school's year").
 */
export const ACTIVATION_TYPES = ['free_food', 'paid_food'] as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[number];

export const ACTIVATION_MESSAGES = withKazakh(
  {
    notFound: 'Активация не найдена',
    schoolNotFound: 'Школа не найдена',
    menuNotFound: 'Меню не найдено',
    type: 'Тип: бесплатное или платное питание',
    date: 'Укажите дату в виде ДД.ММ.ГГГГ',
    dateRange: 'Дата — с 2000 по 2100 год',
    taken: 'С этой даты в школе уже действует меню этого типа',
  } as const,
  {
    notFound: 'Белсендіру табылмады',
    schoolNotFound: 'Мектеп табылмады',
    menuNotFound: 'Мәзір табылмады',
    type: 'Түрі: тегін немесе ақылы тамақтану',
    date: 'Күнді КК.АА.ЖЖЖЖ түрінде көрсетіңіз',
    dateRange: 'Күні — 2000 жылдан 2100 жылға дейін',
    taken: 'Осы күннен бастап мектепте осы түрдегі мәзір әрекет етеді',
  },
);
const M = ACTIVATION_MESSAGES;

export const ActivatedMenu = z.object({
  id: z.number().int(),
  school_id: z.number().int(),
  school: NamedRef,
  menu_id: z.number().int(),
  /** `season`: the menu's (ours), null for all year; a seasonal menu serves only in its season. */
  menu: z.object({
    id: z.number().int(),
    ...NameAnswer,
    days: z.number().int(),
    season: z.enum(MENU_SEASON_IDS).nullable(),
  }),
  type: z.enum(ACTIVATION_TYPES),
  /** 'YYYY-MM-DD': the menu's first day. */
  date: z.string(),
  /** The menu day today, when this is the activation that applies today; else null. */
  today_day: z.number().int().nullable(),
  /** 'YYYY-MM-DD': the day a later activation of the school and type took over from it; null while it has not. */
  replaced_on: z.string().nullable(),
  created_at: z.string(),
});
export type ActivatedMenu = z.infer<typeof ActivatedMenu>;

export const ActivatedMenuListQuery = Paging.extend({ schoolId: optionalQueryId() });
export type ActivatedMenuListQuery = z.infer<typeof ActivatedMenuListQuery>;
export const ActivatedMenuList = listOf(ActivatedMenu);
export type ActivatedMenuList = z.infer<typeof ActivatedMenuList>;

const isoDateTime = z.iso.datetime({ offset: true, local: true });
/**
 * A calendar date 'YYYY-MM-DD' between 2000 and 2100. A whole ISO date-time ('2027-04-01T00:00:00Z')
 * keeps its date part; anything else after the date (text, an hour 25) is refused, never cut off.
 */
const activationDate = () =>
  z
    .string({ error: M.date })
    .trim()
    .refine((v) => v.length === 10 || isoDateTime.safeParse(v).success, { error: M.date, abort: true })
    .transform((v) => v.slice(0, 10))
    .pipe(z.iso.date({ error: M.date }))
    .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', { error: M.dateRange });

/** `POST /api/activated/menu/activate`. */
export const MenuActivate = z.object({
  school_id: bodyId(),
  menu_id: bodyId(),
  type: z.enum(ACTIVATION_TYPES, { error: M.type }),
  date: activationDate(),
});
export type MenuActivate = z.infer<typeof MenuActivate>;

/** `PUT /api/activated/menu/remove`. */
export const MenuActivationRemove = z.object({ id: bodyId() });
export type MenuActivationRemove = z.infer<typeof MenuActivationRemove>;

/** Days from `from` to `to` ('YYYY-MM-DD'), counted on the calendar (no clock, no zone). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const menuActivationsEndpoint = endpointsOf('menu-activations');
const menuActivationsAccess = rolesFor('/activated/menus');

export const MENU_ACTIVATIONS_ENDPOINTS = {
  list: menuActivationsEndpoint('list', {
    query: ActivatedMenuListQuery,
    answer: ActivatedMenuList,
    refusals: [404],
    access: menuActivationsAccess,
    summary: 'Активированные меню (новые сверху); today_day — день меню сегодня',
  }),
  activate: menuActivationsEndpoint('activate', {
    body: MenuActivate,
    answer: ActivatedMenu,
    refusals: [404],
    access: menuActivationsAccess,
    summary: 'Активировать меню для школы с даты: free_food или paid_food',
  }),
  remove: menuActivationsEndpoint('remove', {
    body: MenuActivationRemove,
    answer: Ok,
    refusals: [404],
    access: menuActivationsAccess,
    summary: 'Снять активацию',
  }),
  days: menuActivationsEndpoint('days', {
    query: ActivationDaysQuery,
    answer: ActivationDays,
    refusals: [404],
    access: menuActivationsAccess,
    summary: 'Даты периода (до 31 дня) с видом дня школы и днём меню, который подаётся (для печати недели)',
  }),
};
