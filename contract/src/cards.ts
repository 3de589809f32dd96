import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import type { Role } from './roles.ts';
import { rolesFor, type GuardedRoute } from './routes.ts';
import { listOf, Ok, Paging, YesNo } from './common.ts';
import { bodyId, id, msg, optionalQueryId, z } from './zod.ts';

/** Payment cards (docs/product.md "A person's cards", "Cards"; docs/domain.md "Cards"). */
export const CARD_MESSAGES = withKazakh(
  {
    invalidNumber: 'Неверный номер карты',
    notFound: 'Карта не найдена',
    userNotFound: 'Пользователь не найден',
    organizationNotFound: 'Организация не найдена',
    notLinked: 'Эта карта не привязана к пользователю',
    heldBy: (name: string) => `Карта уже привязана к пользователю ${name}`,
    otherOrganization: 'Карта с этим номером уже зарегистрирована в другой организации',
    outOfReach: 'Карта с этим номером уже привязана к пользователю, который вам недоступен',
    endlessUse: 'Выберите Y (безлимитная) или N (одноразовая)',
  } as const,
  {
    invalidNumber: 'Карта нөмірі қате',
    notFound: 'Карта табылмады',
    userNotFound: 'Пайдаланушы табылмады',
    organizationNotFound: 'Ұйым табылмады',
    notLinked: 'Бұл карта пайдаланушыға байланыстырылмаған',
    heldBy: (name: string) => `Карта ${name} пайдаланушысына байланыстырылған`,
    otherOrganization: 'Бұл нөмірлі карта басқа ұйымда тіркелген',
    outOfReach: 'Бұл нөмірлі карта сізге қолжетімсіз пайдаланушыға байланыстырылған',
    endlessUse: 'Y (шектеусіз) немесе N (бір реттік) таңдаңыз',
  },
);

export const CARD_NUMBER = { min: 4, max: 64, pattern: /^[A-Z0-9-]+$/ } as const;

/** What a scanner or a person typed, the way it is stored: no spaces anywhere, upper case. */
export const normaliseCardNumber = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

export const isCardNumber = (v: string): boolean =>
  v.length >= CARD_NUMBER.min && v.length <= CARD_NUMBER.max && CARD_NUMBER.pattern.test(v);

/** A card number: normalised, then 4–64 characters of A–Z, 0–9 and '-'. */
export const cardNumber = () =>
  z
    .string({ error: msg.required })
    .max(1000, { error: CARD_MESSAGES.invalidNumber })
    .transform(normaliseCardNumber)
    .pipe(z.string().min(1, { error: msg.required }).refine(isCardNumber, { error: CARD_MESSAGES.invalidNumber }));

export const UserRef = z.object({ id: z.number().int(), name: z.string() });
export type UserRef = z.infer<typeof UserRef>;

export const Card = z.object({
  id: z.number().int(),
  number: z.string(),
  endless_use: YesNo,
  organizationId: z.number().int(),
  /** Who holds the card now, or null for a free card. */
  user: UserRef.nullable(),
  created_at: z.string(),
});
export type Card = z.infer<typeof Card>;

export const CardListQuery = Paging.extend({
  query: z.string().trim().max(255).optional(),
  /** The super admin's choice; everybody else gets their own organization whatever they pass. */
  organizationId: optionalQueryId(),
});
export type CardListQuery = z.infer<typeof CardListQuery>;
export const CardList = listOf(Card);
export type CardList = z.infer<typeof CardList>;

export const CARD_SUGGESTIONS = 10;

/** The start of a number being typed or scanned: at least one character once normalised. */
export const CardSearchQuery = z.object({
  number: z
    .string({ error: msg.required })
    .max(CARD_NUMBER.max + 10, { error: CARD_MESSAGES.invalidNumber })
    .transform(normaliseCardNumber)
    .pipe(z.string().min(1, { error: msg.required })),
});
export type CardSearchQuery = z.infer<typeof CardSearchQuery>;
export const CardSuggestions = z.array(Card);
export type CardSuggestions = z.infer<typeof CardSuggestions>;

export const UserCard = z.object({ id: z.number().int(), number: z.string(), endless_use: YesNo });
export type UserCard = z.infer<typeof UserCard>;
export const UserCards = z.array(UserCard);
export type UserCards = z.infer<typeof UserCards>;

export const UserCardsQuery = z.object({ userId: id() });
export type UserCardsQuery = z.infer<typeof UserCardsQuery>;

export const UserCardBody = z.object({ userId: bodyId(), cardId: bodyId() });
export type UserCardBody = z.infer<typeof UserCardBody>;

export const UserCardDeleteQuery = z.object({ userId: id(), cardId: id() });
export type UserCardDeleteQuery = z.infer<typeof UserCardDeleteQuery>;

/**
 * Registers a number in an organization. The seed's client sends the scanned code as `cardId`; it
 * stands for `number` when `number` is absent.
 */
export const CardLinkBody = z
  .preprocess(
    (raw) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
      const body = raw as Record<string, unknown>;
      const missing = body.number === undefined || body.number === null || body.number === '';
      const alias = body.cardId;
      return missing && (typeof alias === 'string' || typeof alias === 'number')
        ? { ...body, number: String(alias) }
        : body;
    },
    z.object({
      /** Only the super admin names the organization; others register in their own. */
      organizationId: bodyId().nullish(),
      number: cardNumber().optional(),
      cardId: z
        .union([z.string().max(1000), z.number()])
        .optional()
        .describe('Номер карты, если number не передан (так его шлёт сканирующий клиент)'),
    }),
  )
  .superRefine((v, ctx) => {
    if (!v.number) ctx.addIssue({ code: 'custom', path: ['number'], message: msg.required });
  })
  .transform((v) => ({ organizationId: v.organizationId, number: v.number ?? '' }));
export type CardLinkBody = z.infer<typeof CardLinkBody>;

export const CardStatusBody = z.object({
  cardId: bodyId(),
  endless_use: z.enum(['Y', 'N'], { error: CARD_MESSAGES.endlessUse }),
});
export type CardStatusBody = z.infer<typeof CardStatusBody>;

const cardsEndpoint = endpointsOf('cards');
const anyOf = (...routes: GuardedRoute[]): readonly Role[] => [...new Set(routes.flatMap((r) => rolesFor(r)))];
/** The organization's cards (/cards) and the super admin's view of any organization's (/cards/:id). */
const CARD_LISTS = anyOf('/cards', '/cards/:id');
/** A user's cards, from the user list or from a class's pupils. */
const USER_CARDS = anyOf('/user/cards/:id', '/classroom/:classroomId/user/cards/:id');
/** Registering a number: from an organization's cards page or a user's. */
const REGISTER = anyOf('/cards/:id', '/user/cards/:id', '/classroom/:classroomId/user/cards/:id');

export const CARDS_ENDPOINTS = {
  list: cardsEndpoint('list', {
    query: CardListQuery,
    answer: CardList,
    access: CARD_LISTS,
    summary: 'Карты организации: поиск по номеру и держателю',
  }),
  search: cardsEndpoint('search', {
    query: CardSearchQuery,
    answer: CardSuggestions,
    access: USER_CARDS,
    summary: 'Подсказки: до 10 карт своей организации, чей номер начинается с введённого',
  }),
  ofUser: cardsEndpoint('ofUser', {
    query: UserCardsQuery,
    answer: UserCards,
    refusals: [404],
    access: USER_CARDS,
    summary: 'Карты пользователя',
  }),
  give: cardsEndpoint('give', {
    body: UserCardBody,
    answer: Card,
    refusals: [404, 409],
    access: USER_CARDS,
    summary: 'Привязать карту к пользователю; 409, если её держит другой',
  }),
  take: cardsEndpoint('take', {
    query: UserCardDeleteQuery,
    answer: Ok,
    refusals: [404],
    access: USER_CARDS,
    summary: 'Отвязать карту от пользователя',
  }),
  link: cardsEndpoint('link', {
    body: CardLinkBody,
    answer: Card,
    refusals: [404, 409],
    access: REGISTER,
    summary: 'Зарегистрировать номер карты в организации (номер уникален во всей системе)',
  }),
  status: cardsEndpoint('status', {
    body: CardStatusBody,
    answer: Card,
    refusals: [404],
    access: rolesFor('/cards'),
    summary: 'Одноразовая (N) или безлимитная (Y) карта',
  }),
};
