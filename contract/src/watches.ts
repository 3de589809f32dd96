import { withKazakh } from './languages.ts';
import { catalogueEndpoints } from './catalogue-kit.ts';
import { listOf, Paging } from './common.ts';
import { bodyId, optionalQueryId, requiredText, z } from './zod.ts';

/** Duty schedules (docs/product.md "Watches"): the month days on which their holders may eat. */
export const Watch = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Comma list of month days, ascending: "1,5,31" (docs/product.md "Entities"). */
  days: z.string(),
  created_at: z.string(),
});
export type Watch = z.infer<typeof Watch>;

export const WatchListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
});
export type WatchListQuery = z.infer<typeof WatchListQuery>;
export const WatchList = listOf(Watch);
export type WatchList = z.infer<typeof WatchList>;

export const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

export const WATCH_MESSAGES = withKazakh(
  {
    notFound: 'График не найден',
    noDays: 'Отметьте хотя бы один день',
    badDays: 'Дни месяца — целые числа от 1 до 31',
    assigned: (n: number) => `График назначен сотрудникам: ${n}. Сначала снимите его с них`,
  } as const,
  {
    notFound: 'Кесте табылмады',
    noDays: 'Кемінде бір күнді белгілеңіз',
    badDays: 'Айдың күндері — 1-ден 31-ге дейінгі бүтін сандар',
    assigned: (n: number) => `Кесте қызметкерлерге тағайындалған: ${n}. Алдымен оны олардан алып тастаңыз`,
  },
);

/** Ascending, without repeats; null when an item is not a whole number 1–31. */
export function parseDays(input: readonly (number | string)[] | string): number[] | null {
  const items = typeof input === 'string' ? input.split(',') : input;
  const days = new Set<number>();
  for (const item of items) {
    const text = String(item).trim();
    if (text === '') continue;
    if (!/^\d{1,2}$/.test(text)) return null;
    const day = Number(text);
    if (day < 1 || day > 31) return null;
    days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

/** An array of days or a comma string "1,5,31"; answered de-duplicated and sorted. */
export const watchDays = () =>
  z
    .union([z.array(z.union([z.number(), z.string().max(10)])).max(100), z.string().max(300)], {
      error: (iss) => (iss.input === undefined || iss.input === null ? WATCH_MESSAGES.noDays : WATCH_MESSAGES.badDays),
    })
    .transform((input, ctx) => {
      const days = parseDays(input);
      if (days === null) ctx.addIssue({ code: 'custom', message: WATCH_MESSAGES.badDays });
      else if (days.length === 0) ctx.addIssue({ code: 'custom', message: WATCH_MESSAGES.noDays });
      return days ?? [];
    });

export const WatchCreate = z.object({ name: requiredText(255), days: watchDays() });
export type WatchCreate = z.infer<typeof WatchCreate>;

export const WatchUpdate = WatchCreate.extend({ id: bodyId() });
export type WatchUpdate = z.infer<typeof WatchUpdate>;

export const WATCHES_ENDPOINTS = catalogueEndpoints('watches', {
  row: Watch,
  query: WatchListQuery,
  create: WatchCreate,
  update: WatchUpdate,
  summaries: {
    list: 'Графики дежурств (дни месяца через запятую)',
    get: 'График дежурств',
    create: 'Новый график: days — массив или строка "1,5,31"',
    update: 'Изменение графика',
    remove: 'Удаление графика (в архив); отказ 409, пока он назначен сотрудникам',
  },
  removalConflicts: true,
  example: { name: 'Смена А', days: '1,2,15' },
});
