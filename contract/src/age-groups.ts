import { withKazakh } from './languages.ts';
import { catalogueEndpoints } from './catalogue-kit.ts';
import { listOf, Paging } from './common.ts';
import { NameAnswer, nameBody, someName } from './names.ts';
import { bodyId, optionalQueryId, z } from './zod.ts';

/**
 * An organization's age groups (docs/rules.md "Age groups and norms"): each dish's portion and each
 * norm is given per group. Ages are whole years, both ends included: «6–10 лет» is 6 to 10.
 */
export const AgeGroup = z.object({
  id: z.number().int(),
  ...NameAnswer,
  age_from: z.number().int(),
  age_to: z.number().int(),
  created_at: z.string(),
});
export type AgeGroup = z.infer<typeof AgeGroup>;

export const AgeGroupListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  organizationId: optionalQueryId(),
});
export type AgeGroupListQuery = z.infer<typeof AgeGroupListQuery>;
export const AgeGroupList = listOf(AgeGroup);
export type AgeGroupList = z.infer<typeof AgeGroupList>;

/** The oldest age a group may reach: a college's students. */
export const MAX_AGE = 25;

export const AGE_GROUP_MESSAGES = withKazakh(
  {
    notFound: 'Возрастная группа не найдена',
    nameTaken: 'Возрастная группа с таким названием уже есть',
    age: `Возраст — целое число лет от 0 до ${MAX_AGE}`,
    ageOrder: 'Возраст «до» не может быть меньше возраста «от»',
  } as const,
  {
    notFound: 'Жас тобы табылмады',
    nameTaken: 'Мұндай атаулы жас тобы бұрыннан бар',
    age: `Жасы — 0-ден ${MAX_AGE}-ке дейінгі бүтін жыл саны`,
    ageOrder: '«Дейін» жасы «бастап» жасынан кіші бола алмайды',
  },
);

const age = () =>
  z.coerce
    .number({ error: () => AGE_GROUP_MESSAGES.age })
    .int({ error: () => AGE_GROUP_MESSAGES.age })
    .min(0, { error: () => AGE_GROUP_MESSAGES.age })
    .max(MAX_AGE, { error: () => AGE_GROUP_MESSAGES.age });

const AgeGroupFields = z.object({
  /** The Russian name and the Kazakh one: at least one (see names.ts). */
  ...nameBody(100),
  age_from: age(),
  age_to: age(),
});
const ordered: [(v: { age_from: number; age_to: number }) => boolean, { path: PropertyKey[]; message: string }] = [
  (v) => v.age_to >= v.age_from,
  { path: ['age_to'], message: AGE_GROUP_MESSAGES.ageOrder },
];

export const AgeGroupCreate = AgeGroupFields.refine(...someName).refine(...ordered);
export type AgeGroupCreate = z.infer<typeof AgeGroupCreate>;
export const AgeGroupUpdate = AgeGroupFields.extend({ id: bodyId() }).refine(...ordered);
export type AgeGroupUpdate = z.infer<typeof AgeGroupUpdate>;

export const AGE_GROUPS_ENDPOINTS = catalogueEndpoints('age-groups', {
  row: AgeGroup,
  query: AgeGroupListQuery,
  create: AgeGroupCreate,
  update: AgeGroupUpdate,
  summaries: {
    list: 'Возрастные группы организации (порции блюд и нормы питания даются по ним)',
    get: 'Возрастная группа',
    create: 'Новая возрастная группа: age_from и age_to — целые годы, включительно',
    update: 'Изменение возрастной группы',
    remove: 'Удаление возрастной группы (в архив)',
  },
  example: { name: '6–10 лет', age_from: 6, age_to: 10 },
});
