import { namesOf, type StoredNames } from '@tamaq/contract/names';
import { DEFAULT_TIME_ZONE } from '@tamaq/contract/constants';
import {
  ORDER_MESSAGES as M,
  type CashierDay,
  type CashierDayQuery,
  type DishSale,
  type DishSales,
  type Order,
  type OrdersQuery,
  type OrdersReport,
} from '@tamaq/contract/orders';
import type { Actor } from '../../platform/auth/actors.ts';
import { ownOrganization } from '../../platform/catalogue.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { EXCEL_DATE_TIME, excelDate, ruDate, safeFileName, type SheetFile } from '../../platform/spreadsheet.ts';
import { localDate, localTime } from '../../platform/time.ts';
import { nameForReader } from '../../platform/db/alphabet.ts';
import { fromTiyn, tiyn } from './money.ts';
import type { OrderFilter, OrdersRepository } from './orders.repository.ts';

/** The most orders a day's page lists: a school's till sells a few hundred a day. */
const DAY_ORDERS_MAX = 5000;

/** What the sales need of the orders' service: the school checked, orders with their lines. */
export interface SalesDeps {
  repo: OrdersRepository;
  now: () => Date;
  schoolFor: (
    actor: Actor,
    schoolId: number | null | undefined,
  ) => Promise<({ id: number; timeZone: string } & StoredNames) | null>;
  ordersOf: (ids: number[]) => Promise<Order[]>;
}

/** The columns, rows and totals of a sheet, in the order a workbook lays them out. */
const sheetOf = (columns: SheetFile['columns'], rows: SheetFile['rows'], footer: NonNullable<SheetFile['footer']>) => ({
  columns,
  rows,
  footer,
});

/** A dish's sales as the answer gives them: the dish and its category in both languages. */
const dishSale = (r: Awaited<ReturnType<OrdersRepository['dishSales']>>[number]): DishSale => ({
  id: r.id,
  ...namesOf(r),
  category:
    r.category === null
      ? null
      : namesOf({ name: r.category, nameKk: r.categoryKk, nameRuMissing: !!r.categoryRuMissing }),
  count: r.count,
  orders: r.orders,
  amount: r.amount,
});

/** The sales of a school's cashbox: a till's day, the period's orders and dishes, and their workbooks. */
export function createSalesService({ repo, now, schoolFor, ordersOf }: SalesDeps) {
  /** The report's filter: the organization, the school (checked), the period in the zone. */
  const filterOf = async (actor: Actor, query: { date_from: string; date_to: string; school_id?: number }) => {
    const organizationId = ownOrganization(actor);
    const school = await schoolFor(actor, query.school_id);
    const timeZone = school?.timeZone ?? (await repo.timeZone(organizationId)) ?? DEFAULT_TIME_ZONE;
    const filter: OrderFilter = {
      organizationId,
      schoolId: school?.id,
      dateFrom: query.date_from,
      dateTo: query.date_to,
      timeZone,
    };
    return { filter, school };
  };

  return {
    /**
     * The cashier's day: every order of a calendar day (voided ones too, oldest first), each
     * cashier's share, and the cash expected. A cashier sees their own; the education admin any
     * cashier's of the organization (of their school, when locked to one), or every cashier's.
     */
    async day(actor: Actor, query: CashierDayQuery): Promise<CashierDay> {
      const organizationId = ownOrganization(actor);
      let userId = query.user_id;
      if (actor.role !== 'EducationAdmin') {
        if (userId !== undefined && userId !== actor.userId) throw forbidden(M.cashierOwnDay);
        userId = actor.userId;
      }
      const cashier = userId === undefined ? null : await repo.user(organizationId, userId);
      if (userId !== undefined && !cashier) throw notFound(M.cashierNotFound);
      const school = await schoolFor(actor, query.school_id);
      const timeZone = school?.timeZone ?? (await repo.timeZone(organizationId)) ?? DEFAULT_TIME_ZONE;
      const date = query.date ?? localDate(now(), timeZone);
      const filter: OrderFilter = {
        organizationId,
        schoolId: school?.id,
        dateFrom: date,
        dateTo: date,
        timeZone,
        userId,
      };
      const [ids, cashiers, totals, voidedAmount] = await Promise.all([
        repo.dayIds(filter, DAY_ORDERS_MAX),
        repo.byCashier(filter),
        repo.totals(filter),
        repo.voidedAmount(filter),
      ]);
      const listed = await ordersOf(ids);
      return {
        date,
        school: school ? { id: school.id, ...namesOf(school) } : null,
        cashier: cashier ? { id: cashier.id, name: cashier.name } : null,
        orders: listed.reverse(),
        cashiers,
        totals: {
          orders: totals.total - totals.voided,
          amount: totals.amount,
          voided: totals.voided,
          voided_amount: voidedAmount,
          products: totals.products,
        },
      };
    },

    /** The period's orders page by page (newest first) and its totals, local calendar days. */
    async report(actor: Actor, query: OrdersQuery): Promise<OrdersReport> {
      const { filter } = await filterOf(actor, query);
      const [ids, totals] = await Promise.all([repo.pageIds(filter, query.limit, query.offset), repo.totals(filter)]);
      return { rows: await ordersOf(ids), ...totals };
    },

    /** What each dish sold over the period, most sold first, with the totals (voided orders out). */
    async dishSales(actor: Actor, query: OrdersQuery): Promise<DishSales> {
      const { filter } = await filterOf(actor, query);
      const rows = (await repo.dishSales(filter)).map(dishSale);
      return {
        rows,
        count: rows.reduce((n, r) => n + r.count, 0),
        amount: fromTiyn(rows.reduce((sum, r) => sum + tiyn(r.amount), 0n)),
      };
    },

    /** The dish sales as a workbook. */
    async dishSalesDownload(actor: Actor, query: OrdersQuery) {
      const { filter, school } = await filterOf(actor, query);
      const rows = await repo.dishSales(filter);
      const [name, category, count, inOrders, amount] = M.dishColumns;
      const period = `${ruDate(query.date_from)}–${ruDate(query.date_to)}`;
      return {
        fileName: `${M.dishSheet} ${school ? `${safeFileName(nameForReader(school))} ` : ''}${period}.xlsx`,
        sheetName: M.dishSheet,
        ...sheetOf(
          [
            { header: name, width: 40 },
            { header: category, width: 24 },
            { header: count, width: 16 },
            { header: inOrders, width: 10 },
            { header: amount, width: 16, numFmt: '#,##0.00' },
          ],
          rows.map((r) => [
            nameForReader(r),
            r.category === null
              ? ''
              : nameForReader({ name: r.category, nameKk: r.categoryKk, nameRuMissing: !!r.categoryRuMissing }),
            r.count,
            r.orders,
            Number(r.amount),
          ]),
          [
            [
              M.dishTotals(rows.length),
              '',
              rows.reduce((n, r) => n + r.count, 0),
              '',
              Number(fromTiyn(rows.reduce((sum, r) => sum + tiyn(r.amount), 0n))),
            ],
          ],
        ),
      };
    },

    /** The same orders and totals as a workbook, times in the organization's zone. */
    async download(actor: Actor, query: OrdersQuery) {
      const { filter, school } = await filterOf(actor, query);
      const [rows, totals] = await Promise.all([repo.exportRows(filter), repo.totals(filter)]);
      const zone = filter.timeZone;
      const when = (at: Date) => excelDate(localDate(at, zone), localTime(at, zone).slice(0, 5));
      const [id, at, place, cashier, dishes, count, amount] = M.columns;
      const period = `${ruDate(query.date_from)}–${ruDate(query.date_to)}`;
      return {
        fileName: `${M.sheet} ${school ? `${safeFileName(nameForReader(school))} ` : ''}${period}.xlsx`,
        sheetName: M.sheet,
        ...sheetOf(
          [
            { header: id, width: 11 },
            { header: at, width: 17, numFmt: EXCEL_DATE_TIME },
            { header: place, width: 28 },
            { header: cashier, width: 24 },
            { header: dishes, width: 60 },
            { header: count, width: 8 },
            { header: amount, width: 14, numFmt: '#,##0.00' },
          ],
          rows.map((r) => [
            r.id,
            when(r.createdAt),
            r.schoolName ?? '',
            r.cashier ?? '',
            r.dishes ?? '',
            r.count,
            Number(r.amount),
          ]),
          [[M.totals, M.totalOrders(totals.total - totals.voided), '', '', '', totals.products, Number(totals.amount)]],
        ),
      };
    },
  };
}
