import { endpointsOf } from './endpoint-kit.ts';
import { withKazakh } from './languages.ts';
import { daysBetween } from './menu-activations.ts';
import { NamedRef } from './names.ts';
import { rolesFor } from './routes.ts';
import { id, z } from './zod.ts';

/**
 * The meal ratings parents gave (docs/rules.md "Ratings"), as the school's people read them: by day
 * and school with their averages, and the comments.
 */
export const RATINGS_MESSAGES = withKazakh(
  {
    period: 'Укажите период не длиннее 62 дней: с и по, в виде ГГГГ-ММ-ДД',
    schoolNotFound: 'Школа не найдена',
  } as const,
  {
    period: '62 күннен аспайтын кезеңді көрсетіңіз: бастап және дейін, ЖЖЖЖ-АА-КК түрінде',
    schoolNotFound: 'Мектеп табылмады',
  },
);
const M = RATINGS_MESSAGES;

/** The longest period read at once, and the most comments answered (the newest). */
export const RATINGS_PERIOD_MAX_DAYS = 62;
export const RATINGS_COMMENTS_MAX = 100;

const day = z
  .string({ error: M.period })
  .trim()
  .pipe(z.iso.date({ error: M.period }));

/** `GET /api/ratings?dateFrom&dateTo&schoolId`. */
export const RatingsQuery = z
  .object({ dateFrom: day, dateTo: day, schoolId: id().optional() })
  .superRefine((q, ctx) => {
    const days = daysBetween(q.dateFrom, q.dateTo);
    if (days < 0 || days >= RATINGS_PERIOD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: M.period, path: ['dateTo'] });
  });
export type RatingsQuery = z.infer<typeof RatingsQuery>;

const Average = { average: z.number().nullable(), count: z.number().int() };

export const Ratings = z.object({
  /** The average score (two decimals) and how many ratings; null average: none. */
  ...Average,
  by_day: z.array(z.object({ date: z.string(), ...Average })),
  by_school: z.array(z.object({ school: NamedRef, ...Average })),
  /** Each dish the rated meals were served with (a meal counts for each of its dishes), by name. */
  by_dish: z.array(z.object({ dish: NamedRef, ...Average })),
  /** The newest comments, at most 100, with the dishes of the meal: never who wrote them. */
  comments: z.array(
    z.object({
      date: z.string(),
      school: NamedRef.nullable(),
      score: z.number().int(),
      comment: z.string(),
      dishes: z.array(NamedRef),
    }),
  ),
});
export type Ratings = z.infer<typeof Ratings>;

export const RATINGS_ENDPOINTS = {
  list: endpointsOf('ratings')('list', {
    query: RatingsQuery,
    answer: Ratings,
    refusals: [404],
    access: rolesFor('/ratings'),
    summary: 'Оценки питания родителями: средние по дням, школам и блюдам, комментарии (без авторов)',
  }),
};
