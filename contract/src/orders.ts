import { ALLERGENS } from './allergens.ts';
import { NameAnswer, NamedRef } from './names.ts';
import { withKazakh } from './languages.ts';
import { Image } from './profile.ts';
import { bodyId, id, msg, optionalQueryId, plainText, z } from './zod.ts';
import { endpointsOf, xlsxFile } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { daysBetween } from './menu-activations.ts';

/**
 * The cashbox and its orders (docs/product.md "Cashbox", "Orders", "Entities", "Calls"; docs/domain.md "Menus, cashbox,
 * orders"). Money is exact: the server prices every order from its own dish prices and answers
 * amounts as decimal strings ("1351.50"); a line's `cost` is the price the cashier saw, and an order
 * whose seen price is no longer the dish's is refused with the current prices (409).
 */
export const ORDER_COUNT_MAX = 1000;
export const ORDER_LINES_MAX = 200;
export const ORDERS_PERIOD_MAX_DAYS = 366;
export const ORDERS_PAGE_SIZE = 10;
export const FAVORITES_MAX = 12;
export const ORDER_VOID_REASON_MAX = 300;
/** The most cash one order may be paid with: ten million tenge (a banknote more than any school sale). */
export const CASH_RECEIVED_MAX = 10_000_000;

/** A dish whose price changed under a cart: its prices as the cashier reads them. */
export interface PriceChange {
  name: string;
  now: string;
  was?: string;
}

export const ORDER_MESSAGES = withKazakh(
  {
    empty: 'Корзина пуста: добавьте блюда',
    count: `Количество — целое от 1 до ${ORDER_COUNT_MAX}`,
    tooMany: `В заказе не больше ${ORDER_LINES_MAX} блюд`,
    paymentType: 'Оплата на кассе — только наличными (cash)',
    dishNotFound: 'Блюдо не найдено: обновите кассу',
    dishesGone: (names: string[]) =>
      names.length === 1
        ? `Блюда «${names[0]}» больше нет: уберите его из корзины`
        : `Блюд ${names.map((n) => `«${n}»`).join(', ')} больше нет: уберите их из корзины`,
    cost: 'Цена — число тенге, не больше двух знаков после запятой',
    /** Each dish whose price moved: its name, its price now and, when one was seen, the price before. */
    pricesChanged: (changes: readonly PriceChange[]) =>
      `Цены изменились: ${changes.map((c) => `${c.name} — ${c.now}${c.was ? ` (было ${c.was})` : ''}`).join(', ')}. Проверьте корзину и оплатите снова`,
    schoolNotFound: 'Школа не найдена',
    chooseSchool: 'Выберите школу',
    dateFrom: 'Укажите дату «с»',
    dateTo: 'Укажите дату «по»',
    badDate: 'Неверная дата',
    dateOrder: 'Дата «по» раньше даты «с»',
    sheet: 'Заказы',
    columns: ['№ заказа', 'Дата и время', 'Школа', 'Кассир', 'Блюда', 'Блюд', 'Сумма, тг.'],
    totals: 'Итого',
    totalOrders: (n: number) => `Заказов: ${n}`,
    period: `Период — не больше ${ORDERS_PERIOD_MAX_DAYS} дней`,
    orderNotFound: 'Заказ не найден',
    voidReason: 'Укажите причину отмены',
    voidReasonLong: `Причина — не больше ${ORDER_VOID_REASON_MAX} символов`,
    alreadyVoided: (id: number) => `Заказ №${id} уже отменён`,
    cashierOtherDay: 'Кассир отменяет заказ только в день продажи: обратитесь к администратору',
    cashierOthers: 'Кассир отменяет только свои заказы',
    cashierOwnDay: 'Кассир видит только свои заказы',
    cashierNotFound: 'Кассир не найден',
    dishSheet: 'Продажи по блюдам',
    dishColumns: ['Блюдо', 'Категория', 'Продано, порций', 'Заказов', 'Сумма, тг.'],
    dishTotals: (n: number) => `Итого: блюд ${n}`,
    cash: 'Получено — сумма в тенге, не больше двух знаков после запятой',
    cashTooBig: 'Получено — не больше 10 000 000 тг.',
    cashShort: (amount: string) => `Получено меньше суммы заказа (${amount})`,
  } as const,
  {
    empty: 'Себет бос: тағам қосыңыз',
    count: `Саны — 1-ден ${ORDER_COUNT_MAX}-ге дейінгі бүтін сан`,
    tooMany: `Тапсырыста ${ORDER_LINES_MAX} тағамнан аспауы керек`,
    paymentType: 'Кассада төлем — тек қолма-қол (cash)',
    dishNotFound: 'Тағам табылмады: кассаны жаңартыңыз',
    dishesGone: (names: string[]) =>
      names.length === 1
        ? `«${names[0]}» тағамы енді жоқ: оны себеттен алып тастаңыз`
        : `${names.map((n) => `«${n}»`).join(', ')} тағамдары енді жоқ: оларды себеттен алып тастаңыз`,
    cost: 'Бағасы — теңгемен берілген сан, үтірден кейін екі таңбадан аспайды',
    pricesChanged: (changes: readonly PriceChange[]) =>
      `Бағалар өзгерді: ${changes.map((c) => `${c.name} — ${c.now}${c.was ? ` (бұрын ${c.was})` : ''}`).join(', ')}. Себетті тексеріп, қайта төлеңіз`,
    schoolNotFound: 'Мектеп табылмады',
    chooseSchool: 'Мектепті таңдаңыз',
    dateFrom: '«Бастап» күнін көрсетіңіз',
    dateTo: '«Дейін» күнін көрсетіңіз',
    badDate: 'Күн қате',
    dateOrder: '«Дейін» күні «Бастап» күнінен ерте',
    sheet: 'Тапсырыстар',
    columns: ['Тапсырыс №', 'Күні мен уақыты', 'Мектеп', 'Кассир', 'Тағамдар', 'Тағам саны', 'Сомасы, тг.'],
    totals: 'Жиыны',
    totalOrders: (n: number) => `Тапсырыстар: ${n}`,
    period: `Кезең — ${ORDERS_PERIOD_MAX_DAYS} күннен аспайды`,
    orderNotFound: 'Тапсырыс табылмады',
    voidReason: 'Болдырмау себебін көрсетіңіз',
    voidReasonLong: `Себебі — ${ORDER_VOID_REASON_MAX} таңбадан аспауы керек`,
    alreadyVoided: (id: number) => `№${id} тапсырыстың күші бұрын жойылған`,
    cashierOtherDay: 'Кассир тапсырысты тек сатылған күні болдырмай алады: әкімшіге жүгініңіз',
    cashierOthers: 'Кассир тек өз тапсырыстарын болдырмай алады',
    cashierOwnDay: 'Кассир тек өз тапсырыстарын көреді',
    cashierNotFound: 'Кассир табылмады',
    dishSheet: 'Тағамдар бойынша сату',
    dishColumns: ['Тағам', 'Санат', 'Сатылды, порция', 'Тапсырыстар', 'Сомасы, тг.'],
    dishTotals: (n: number) => `Жиыны: тағам ${n}`,
    cash: 'Алынды — теңгемен берілген сома, үтірден кейін екі таңбадан аспайды',
    cashTooBig: 'Алынды — 10 000 000 тг.-ден аспауы керек',
    cashShort: (amount: string) => `Алынған сома тапсырыс сомасынан аз (${amount})`,
  },
);
const M = ORDER_MESSAGES;

/** A dish as the cashbox offers it. */
export const CashboxDish = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** Its names in both languages (names.ts): the cashbox shows and searches both. */
  ...NameAnswer,
  cost: z.string(),
  output: z.string(),
  image: Image.nullable(),
  /** Its allergens today: the cook's and its card's foods' (ours). */
  allergens: z.array(z.enum(ALLERGENS)),
});
export type CashboxDish = z.infer<typeof CashboxDish>;

export const CashboxQuery = z.object({ schoolId: optionalQueryId() });
export type CashboxQuery = z.infer<typeof CashboxQuery>;

/**
 * `GET /api/products/cashbox`: the school's favourites (its most ordered dishes of 30 days) and
 * today's paid menu by dish category; every live dish by category when no paid menu applies today.
 */
export const Cashbox = z.object({
  school_id: z.number().int(),
  favorites: z.array(CashboxDish),
  menu: z.array(z.object({ id: z.number().int(), ...NameAnswer, products: z.array(CashboxDish) })),
  /** Today's paid menu and its day, or null when the cashbox offers every dish. */
  paid_menu: z.object({ id: z.number().int(), ...NameAnswer, day: z.number().int() }).nullable(),
});
export type Cashbox = z.infer<typeof Cashbox>;

const count = () =>
  z
    .number({ error: M.count })
    .int({ error: M.count })
    .min(1, { error: M.count })
    .max(ORDER_COUNT_MAX, { error: M.count });

/** Tiyn in a price: tenge with at most two decimals, sent as a number (as the spec's client does) or a string. */
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const seenCost = () =>
  z
    .union([z.number(), z.string()], { error: M.cost })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => MONEY.test(v), { error: M.cost });

/**
 * The cash handed over as the cashier typed it ('5000', '5000,5', '5 000'): an exact decimal string
 * with two decimals, or the field's message. Never rounded: 100.555 or -5 are refused.
 */
export function parseCash(input: number | string): { cash: string } | { error: string } {
  if (typeof input === 'number' && !Number.isFinite(input)) return { error: M.cash };
  const text = (typeof input === 'number' ? String(input) : input)
    .trim()
    .replace(',', '.')
    .replace(/[\s\u00a0]/g, '');
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return { error: M.cash };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  if (Number(whole) > CASH_RECEIVED_MAX || (Number(whole) === CASH_RECEIVED_MAX && cents !== '00'))
    return { error: M.cashTooBig };
  return { cash: `${whole}.${cents}` };
}

const cashReceived = () =>
  z.union([z.number(), z.string().max(40)], { error: M.cash }).transform((input, ctx) => {
    const parsed = parseCash(input);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.cash;
  });

/**
 * `POST /api/order` (docs/product.md "Calls"): `organization_id` is accepted and ignored (the caller's organization).
 * Each line's `cost` is the price the cashier saw: the order is written only while it is still the
 * dish's price (else 409 `OrderPricesChanged`); a line without it is priced by the server. A dish named
 * twice is one line of both counts (its seen prices must agree). `cash_received` (ours, optional): the
 * cash handed over, at least the order's sum; the order keeps it and answers the change.
 */
export const OrderCreate = z.object({
  organization_id: z.unknown().optional(),
  school_id: bodyId().nullish(),
  payment_type: z.literal('cash', { error: M.paymentType }).default('cash'),
  products: z
    .array(z.object({ id: bodyId(), count: count(), cost: seenCost().optional() }), { error: M.empty })
    .min(1, { error: M.empty })
    .max(ORDER_LINES_MAX, { error: M.tooMany }),
  cash_received: cashReceived().nullish(),
});
export type OrderCreate = z.infer<typeof OrderCreate>;

/** 409 of `POST /api/order` when a price the cashier saw has changed: every line's dish, priced now. */
export const OrderPricesChanged = z.object({
  error: z.string(),
  errorMessage: z.string(),
  prices: z.array(z.object({ id: z.number().int(), ...NameAnswer, cost: z.string() })),
});
export type OrderPricesChanged = z.infer<typeof OrderPricesChanged>;

/** 404 of `POST /api/order` for dishes that are no longer sold: their ids, to take out of the cart. */
export const OrderDishesGone = z.object({
  error: z.string(),
  errorMessage: z.string(),
  missing: z.array(z.number().int()).optional(),
});

export const OrderLine = z.object({
  id: z.number().int(),
  /** The dish's names when it was sold (names.ts): a receipt names it in the reader's language. */
  ...NameAnswer,
  count: z.number().int(),
  /** The dish's price when sold. */
  cost: z.string(),
  amount: z.string(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z.object({
  id: z.number().int(),
  created_at: z.string(),
  school_id: z.number().int().nullable(),
  school: NamedRef.nullable(),
  cashier: z.string().nullable(),
  payment_type: z.literal('cash'),
  /** Dishes in the order (the sum of the lines' counts). */
  count: z.number().int(),
  amount: z.string(),
  products: z.array(OrderLine),
  /** The cash handed over and the change given, when the cashier typed what was received. */
  cash_received: z.string().nullable(),
  change: z.string().nullable(),
  /** A voided order: out of every total and download; who voided it, when and why. */
  voided: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
});
export type Order = z.infer<typeof Order>;

/**
 * `POST /api/orders/{id}/void` (ours): the education admin voids any order of theirs at any time, a
 * cashier their own on the day it was sold; with a reason, audited. Answers the order, voided.
 */
export const OrderVoid = z.object({
  reason: z
    .string({ error: M.voidReason })
    .trim()
    .min(1, { error: M.voidReason })
    .max(ORDER_VOID_REASON_MAX, { error: M.voidReasonLong })
    .refine((v) => plainText(v, { lines: true }), { error: msg.controlChars }),
});
export type OrderVoid = z.infer<typeof OrderVoid>;

const requiredDate = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .pipe(z.iso.date({ error: M.badDate }));

const ordersFilter = z.object({
  date_from: requiredDate(M.dateFrom),
  date_to: requiredDate(M.dateTo),
  organization_id: optionalQueryId(),
  school_id: optionalQueryId(),
  limit: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** `date_to` not before `date_from`, the period at most a year. */
const checkPeriod = (q: { date_from: string; date_to: string }, ctx: z.RefinementCtx) => {
  const days = daysBetween(q.date_from, q.date_to);
  if (days < 0) ctx.addIssue({ code: 'custom', message: M.dateOrder, path: ['date_to'] });
  else if (days >= ORDERS_PERIOD_MAX_DAYS) ctx.addIssue({ code: 'custom', message: M.period, path: ['date_to'] });
};

/** `GET /api/orders` (docs/product.md "Calls"): dates required, at most a year, page size 10 by default. */
export const OrdersQuery = ordersFilter.superRefine(checkPeriod);
export type OrdersQuery = z.infer<typeof OrdersQuery>;

/** `GET /api/orders/download` (ours): the report's filter as a workbook; the token may ride in the query. */
export const OrdersDownloadQuery = ordersFilter
  .extend({ token: z.string().max(4096).optional() })
  .superRefine(checkPeriod);
export type OrdersDownloadQuery = z.infer<typeof OrdersDownloadQuery>;

/** The report: a page of orders, and over the whole period `total` orders, `amount` and `products` sold (voided orders out). */
export const OrdersReport = z.object({
  rows: z.array(Order),
  /** Orders listed over the period, voided ones too (the pages). */
  total: z.number().int(),
  /** Of them voided: out of `amount` and `products`. */
  voided: z.number().int(),
  amount: z.string(),
  products: z.number().int(),
});
export type OrdersReport = z.infer<typeof OrdersReport>;

/** `GET /api/orders/day` (ours): a calendar day of a school's till, in the organization's zone. */
export const CashierDayQuery = z.object({
  /** The day, 'YYYY-MM-DD'; today in the organization's zone when absent. */
  date: z
    .string({ error: M.badDate })
    .trim()
    .pipe(z.iso.date({ error: M.badDate }))
    .optional(),
  school_id: optionalQueryId(),
  /** One cashier's orders (the education admin); a cashier always sees their own. */
  user_id: optionalQueryId(),
});
export type CashierDayQuery = z.infer<typeof CashierDayQuery>;

/** A cashier's share of the day: orders sold (voided ones out) and their sum, orders voided. */
export const CashierDayCashier = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  orders: z.number().int(),
  amount: z.string(),
  voided: z.number().int(),
});

/**
 * The cashier's day: every order of the day (voided ones too, oldest first), each cashier's share,
 * and the totals; `amount` is the cash expected in the drawer (voided orders out).
 */
export const CashierDay = z.object({
  date: z.string(),
  school: NamedRef.nullable(),
  cashier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  orders: z.array(Order),
  cashiers: z.array(CashierDayCashier),
  totals: z.object({
    orders: z.number().int(),
    amount: z.string(),
    voided: z.number().int(),
    voided_amount: z.string(),
    products: z.number().int(),
  }),
});
export type CashierDay = z.infer<typeof CashierDay>;

/**
 * `GET /api/orders/dishes` (ours): what each dish sold over the period (voided orders out), most
 * sold first; the same filter as the orders report.
 */
export const DishSalesQuery = OrdersQuery;
export const DishSalesDownloadQuery = OrdersDownloadQuery;

export const DishSale = z.object({
  id: z.number().int(),
  /** The dish's names now (its lines keep the names it was sold under). */
  ...NameAnswer,
  category: z.object(NameAnswer).nullable(),
  /** Portions sold. */
  count: z.number().int(),
  /** Orders it was in. */
  orders: z.number().int(),
  amount: z.string(),
});
export type DishSale = z.infer<typeof DishSale>;

export const DishSales = z.object({
  rows: z.array(DishSale),
  count: z.number().int(),
  amount: z.string(),
});
export type DishSales = z.infer<typeof DishSales>;

const ordersEndpoint = endpointsOf('orders');
const CASHBOX = rolesFor('/cashbox');
const ORDERS = rolesFor('/orders');

export const ORDERS_ENDPOINTS = {
  cashbox: ordersEndpoint('cashbox', {
    query: CashboxQuery,
    answer: Cashbox,
    refusals: [404],
    access: CASHBOX,
    summary: 'Касса: избранное школы за 30 дней и платное меню сегодняшнего дня по категориям',
  }),
  create: ordersEndpoint('create', {
    body: OrderCreate,
    answer: Order,
    refusals: { 404: OrderDishesGone, 409: OrderPricesChanged },
    access: CASHBOX,
    summary:
      'Заказ на кассе: цены считает сервер, cost строки — цена, которую видел кассир (иначе 409 с ценами); Idempotency-Key — один заказ на повтор',
  }),
  void: ordersEndpoint('void', {
    params: z.object({ id: id() }),
    body: OrderVoid,
    answer: Order,
    refusals: [404, 409],
    access: CASHBOX,
    summary:
      'Отмена заказа с причиной: администратор — любой заказ, кассир — свой в день продажи; заказ остаётся в списке, но не в итогах',
  }),
  day: ordersEndpoint('day', {
    query: CashierDayQuery,
    answer: CashierDay,
    refusals: [404],
    access: CASHBOX,
    summary:
      'Кассовый день: заказы дня (и отменённые), по кассирам, наличные к сдаче; кассир видит свои, администратор — любого кассира',
  }),
  report: ordersEndpoint('report', {
    query: OrdersQuery,
    answer: OrdersReport,
    refusals: [404],
    access: ORDERS,
    summary: 'Отчёт по заказам за период (по 10): заказы, сумма, продано блюд',
  }),
  dishSales: ordersEndpoint('dishSales', {
    query: DishSalesQuery,
    answer: DishSales,
    refusals: [404],
    access: ORDERS,
    summary: 'Продажи по блюдам за период: порции, заказы, сумма (без отменённых заказов)',
  }),
  dishSalesDownload: ordersEndpoint('dishSalesDownload', {
    query: DishSalesDownloadQuery,
    file: xlsxFile(),
    refusals: [404],
    access: ORDERS,
    summary: 'Продажи по блюдам в Excel; токен можно передать в ?token=',
  }),
  download: ordersEndpoint('download', {
    query: OrdersDownloadQuery,
    file: xlsxFile(),
    refusals: [404],
    access: ORDERS,
    summary: 'Отчёт по заказам в Excel: те же заказы и итоги; токен можно передать в ?token=',
  }),
};
