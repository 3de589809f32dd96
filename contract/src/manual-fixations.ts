import { NamedRef } from './names.ts';
import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import type { Role } from './roles.ts';
import { rolesFor } from './routes.ts';
import { speaksKindergarten, type Wording } from './wording.ts';
import { bodyId, id, msg, optionalQueryId, z } from './zod.ts';

/**
 * Manual fixation (docs/product.md "Manual fixation", "Calls"; docs/domain.md "Manual fixation"). The list shows who already has
 * a visit for the chosen date (and category); saving sets exactly the marked set for the rows the same
 * filters show: the newly marked are recorded, the unmarked removed, every change audited. Field names
 * are snake_case as the spec's calls send them.
 */
const MANUAL_MESSAGES_RU = {
  dateFuture: 'Нельзя отметить питание на будущую дату',
  classroomOrCategory: 'Выберите класс или категорию питания',
  tooManyRows: 'Слишком много строк: уточните фильтр',
  notInList: 'В списке нет такого человека: обновите страницу',
  countOnlyEndless: 'Количество указывается только для безлимитной карты',
  /** A one-time slot of that day is already used somewhere else (another canteen or school). */
  takenElsewhere: (name: string) => `${name}: питание за этот день уже записано в другом месте`,
  /** Like a scan (docs/domain.md, school visit rule 2): no food category, no entitlement to a meal. */
  noFoodCategory: (name: string) => `${name}: нет категории питания, питание не положено`,
} as const;
const MANUAL_MESSAGES_KK: Wording<typeof MANUAL_MESSAGES_RU> = {
  dateFuture: 'Болашақ күнге тамақтануды белгілеуге болмайды',
  classroomOrCategory: 'Сыныпты немесе тамақтану санатын таңдаңыз',
  tooManyRows: 'Жолдар тым көп: сүзгіні нақтылаңыз',
  notInList: 'Тізімде мұндай адам жоқ: бетті жаңартыңыз',
  countOnlyEndless: 'Саны тек шектеусіз карта үшін көрсетіледі',
  takenElsewhere: (name: string) => `${name}: бұл күнгі тамақтану басқа жерде жазылған`,
  noFoodCategory: (name: string) => `${name}: тамақтану санаты жоқ, тамақ берілмейді`,
};
export const MANUAL_MESSAGES = withKazakh(MANUAL_MESSAGES_RU, MANUAL_MESSAGES_KK);

/** The same messages for a kindergarten admin, whose classes are groups. */
export const MANUAL_MESSAGES_KINDERGARTEN: Wording<typeof MANUAL_MESSAGES> = withKazakh<
  Wording<typeof MANUAL_MESSAGES>
>(
  {
    ...MANUAL_MESSAGES,
    classroomOrCategory: 'Выберите группу или категорию питания',
  },
  {
    ...MANUAL_MESSAGES_KK,
    classroomOrCategory: 'Топты немесе тамақтану санатын таңдаңыз',
  },
);

export const manualMessages = (role: Role | null | undefined): Wording<typeof MANUAL_MESSAGES> =>
  speaksKindergarten(role) ? MANUAL_MESSAGES_KINDERGARTEN : MANUAL_MESSAGES;

/** The counts an endless-card holder may get in the canteen flow. */
export const MANUAL_COUNT_MIN = 1;
export const MANUAL_COUNT_MAX = 1000;
/** The most rows one manual list shows and one save may change. */
export const MANUAL_MAX_ROWS = 2000;

const date = () => z.iso.date({ error: 'Неверная дата' });

export const CanteenManualQuery = z.object({
  date: date(),
  canteen_id: id(),
  category_id: id(),
});
export type CanteenManualQuery = z.infer<typeof CanteenManualQuery>;

const count = () =>
  z
    .number({ error: msg.required })
    .int({ error: `Количество — целое число от ${MANUAL_COUNT_MIN} до ${MANUAL_COUNT_MAX}` })
    .min(MANUAL_COUNT_MIN, { error: `Количество — от ${MANUAL_COUNT_MIN} до ${MANUAL_COUNT_MAX}` })
    .max(MANUAL_COUNT_MAX, { error: `Количество — от ${MANUAL_COUNT_MIN} до ${MANUAL_COUNT_MAX}` });

export const CanteenManualSave = z.object({
  date: date(),
  canteen_id: bodyId(),
  category_id: bodyId(),
  /** Marked one-time holders, and endless holders whose count is above 0. */
  users_ids: z.array(bodyId()).max(MANUAL_MAX_ROWS, { error: MANUAL_MESSAGES.tooManyRows }),
  /**
   * Who the screen showed with a visit when it loaded. When sent, an unmarked person loses their
   * visits only if they are in this list: a scan recorded after the list was loaded is never undone by
   * a save made from the older list. Without it the save sets the marked set as the spec describes.
   */
  seen_ids: z.array(bodyId()).max(MANUAL_MAX_ROWS, { error: MANUAL_MESSAGES.tooManyRows }).optional(),
  /** user id → count, for endless-card holders only. A marked endless holder without a count counts 1. */
  counts: z
    .record(z.string().regex(/^[1-9][0-9]{0,9}$/, { error: msg.positiveId }), count())
    .optional()
    .default({}),
});
export type CanteenManualSave = z.infer<typeof CanteenManualSave>;

const schoolFilter = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .refine(
      (v) =>
        (v as { classroom_id?: unknown }).classroom_id != null || (v as { category_id?: unknown }).category_id != null,
      { error: MANUAL_MESSAGES.classroomOrCategory, path: ['classroom_id'] },
    );

/** `category_id` here is the pupils' FOOD category filter ('all categories' when absent). */
export const SchoolManualQuery = schoolFilter({
  date: date(),
  school_id: id(),
  classroom_id: optionalQueryId(),
  category_id: optionalQueryId(),
});
export type SchoolManualQuery = z.infer<typeof SchoolManualQuery>;

export const SchoolManualSave = schoolFilter({
  date: date(),
  school_id: bodyId(),
  classroom_id: bodyId().nullish(),
  category_id: bodyId().nullish(),
  users_ids: z.array(bodyId()).max(MANUAL_MAX_ROWS, { error: MANUAL_MESSAGES.tooManyRows }),
  /**
   * Who the screen showed with a visit when it loaded. When sent, an unmarked person loses their
   * visits only if they are in this list: a scan recorded after the list was loaded is never undone by
   * a save made from the older list. Without it the save sets the marked set as the spec describes.
   */
  seen_ids: z.array(bodyId()).max(MANUAL_MAX_ROWS, { error: MANUAL_MESSAGES.tooManyRows }).optional(),
});
export type SchoolManualSave = z.infer<typeof SchoolManualSave>;

const Ref = z.object({ id: z.number().int(), name: z.string() });

/** One person of a manual list (docs/product.md "Roles": a User row plus fixation, fixation_count, endless_use). */
export const ManualRow = z.object({
  id: z.number().int(),
  name: z.string(),
  job_title: z.string().nullable(),
  image: z.object({ url: z.string() }).nullable(),
  classroom: NamedRef.nullable(),
  foodCategory: Ref.nullable(),
  /** Has a visit for this date (and category). */
  fixation: z.boolean(),
  /** How many servings are recorded (endless cards may have more than one). */
  fixation_count: z.number().int(),
  endless_use: z.boolean(),
});
export type ManualRow = z.infer<typeof ManualRow>;

export const ManualList = z.object({ total: z.number().int(), rows: z.array(ManualRow) });
export type ManualList = z.infer<typeof ManualList>;

export const ManualSaveResult = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
});
export type ManualSaveResult = z.infer<typeof ManualSaveResult>;

const manualEndpoint = endpointsOf('manual-fixations');
const CANTEEN_MANUAL = rolesFor('/fixation/manual');
const SCHOOL_MANUAL = rolesFor('/school/fixation/manual');

export const MANUAL_FIXATIONS_ENDPOINTS = {
  canteenList: manualEndpoint('canteenList', {
    query: CanteenManualQuery,
    answer: ManualList,
    access: CANTEEN_MANUAL,
    summary: 'Ручная отметка в столовой: список на дату и категорию',
  }),
  canteenSave: manualEndpoint('canteenSave', {
    body: CanteenManualSave,
    answer: ManualSaveResult,
    refusals: [409],
    access: CANTEEN_MANUAL,
    summary: 'Ручная отметка в столовой: сохранить отмеченных',
  }),
  schoolList: manualEndpoint('schoolList', {
    query: SchoolManualQuery,
    answer: ManualList,
    access: SCHOOL_MANUAL,
    summary: 'Ручная отметка питания учеников: список на дату',
  }),
  schoolSave: manualEndpoint('schoolSave', {
    body: SchoolManualSave,
    answer: ManualSaveResult,
    refusals: [409],
    access: SCHOOL_MANUAL,
    summary: 'Ручная отметка питания учеников: сохранить отмеченных',
  }),
};
