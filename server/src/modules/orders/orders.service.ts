import { schoolRef } from '../../platform/db/places.ts';
import { imageUrl } from '@tamaq/contract/images';
import {
  ORDER_COUNT_MAX,
  ORDER_MESSAGES as M,
  type Cashbox,
  type CashboxDish,
  type CashboxQuery,
  type Order,
  type OrderCreate,
  type OrderVoid,
} from '@tamaq/contract/orders';
import type { Actor } from '../../platform/auth/actors.ts';
import { ERROR_CODES } from '@tamaq/contract/errors';
import { conflict, forbidden, HttpError, notFound, ValidationError } from '../../platform/http/errors.ts';
import { keyReused } from '../../platform/http/idempotency.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { createMenuActivationsService } from '../menu-activations/menu-activations.service.ts';
import { ownOrganization } from '../../platform/catalogue.ts';
import { changeOf, fromTiyn, moneyText, ruMoney, tiyn } from './money.ts';
import { createSalesService } from './sales.service.ts';
import { namesOf } from '@tamaq/contract/names';
import { ALLERGENS } from '@tamaq/contract/allergens';
import { createOrdersRepository, type CashboxDishRow } from './orders.repository.ts';

const FAVORITES_DAYS = 30;
const toDish = (d: CashboxDishRow): CashboxDish => ({
  id: d.id,
  category_id: d.categoryId,
  ...namesOf(d),
  cost: d.cost,
  output: d.output,
  image: d.imageId !== null && d.imageKey !== null ? { id: d.imageId, url: imageUrl(d.imageKey) } : null,
  allergens: ALLERGENS.filter((a) => d.allergens.includes(a)),
});

/** Dishes by category, in the order given (categories by name). */
function byCategory(rows: CashboxDishRow[]): Cashbox['menu'] {
  const out: Cashbox['menu'] = [];
  for (const row of rows) {
    const last = out.at(-1);
    if (last?.id === row.categoryId) last.products.push(toDish(row));
    else {
      const names = { name: row.categoryName, nameKk: row.categoryNameKk, nameRuMissing: row.categoryNameRuMissing };
      out.push({ id: row.categoryId, ...namesOf(names), products: [toDish(row)] });
    }
  }
  return out;
}

/** Two lines of one dish at two seen prices: never a dish's price, so the order is refused. */
const DISAGREEING = '-1.00';

/** The order's school as the answer names it: both names, or null for an order of no school. */
const schoolOf = (
  id: number | null,
  row: { schoolName: string | null; schoolNameKk: string | null; schoolNameRuMissing: boolean | null },
) =>
  id !== null && row.schoolName !== null
    ? schoolRef(id, {
        schoolName: row.schoolName,
        schoolNameKk: row.schoolNameKk,
        schoolNameRuMissing: row.schoolNameRuMissing ?? false,
      })
    : null;

export function createOrdersService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createOrdersRepository(platform.db);
  const activations = createMenuActivationsService(platform);

  /** The school named (else the actor's own): one outside the actor's reach answers 404. */
  const schoolFor = async (actor: Actor, schoolId: number | null | undefined) => {
    const organizationId = ownOrganization(actor);
    const id = schoolId ?? actor.schoolId;
    if (id === null) return null;
    const school = await repo.school(organizationId, actor.schoolId, id);
    if (!school) throw notFound(M.schoolNotFound);
    return school;
  };

  const ordersOf = async (ids: number[]): Promise<Order[]> => {
    const [heads, lines] = await Promise.all([repo.byIds(ids), repo.linesOf(ids)]);
    return heads.map((h) => ({
      id: h.id,
      created_at: h.createdAt.toISOString(),
      school_id: h.schoolId,
      school: schoolOf(h.schoolId, h),
      cashier: h.cashier,
      payment_type: 'cash',
      count: h.count,
      amount: h.amount,
      cash_received: h.cashReceived,
      change: changeOf(h.cashReceived, h.amount),
      products: lines
        .filter((l) => l.orderId === h.id)
        .map((l) => ({ id: l.id, ...namesOf(l), count: l.count, cost: l.cost, amount: l.amount })),
      voided:
        h.voidedAt !== null && h.voidReason !== null
          ? { at: h.voidedAt.toISOString(), by: h.voidedBy, reason: h.voidReason }
          : null,
    }));
  };

  return {
    ...createSalesService({ repo, now: platform.now, schoolFor, ordersOf }),

    /** Favourites of 30 days and today's paid menu by category (every dish when none applies). */
    async cashbox(actor: Actor, query: CashboxQuery): Promise<Cashbox> {
      const school = await schoolFor(actor, query.schoolId);
      if (!school) throw ValidationError.field('schoolId', M.chooseSchool);
      const now = platform.now();
      const today = localDate(now, school.timeZone);
      const paid = await activations.applying(school.id, 'paid_food', today);
      const [favorites, dishes] = await Promise.all([
        repo.favorites(school.id, new Date(now.getTime() - FAVORITES_DAYS * 86_400_000), today),
        paid ? repo.menuDay(paid.menuId, paid.day, today) : repo.allDishes(ownOrganization(actor), today),
      ]);
      return {
        school_id: school.id,
        favorites: favorites.map(toDish),
        menu: byCategory(dishes),
        paid_menu: paid
          ? { id: paid.menuId, name: paid.name, name_ru: paid.name_ru, name_kk: paid.name_kk, day: paid.day }
          : null,
      };
    },

    /**
     * Places an order priced by the server; with an Idempotency-Key a double click or a retry after a
     * lost answer gets the first order back instead of a second one.
     */
    async create(actor: Actor, body: OrderCreate, key: string | null): Promise<Order> {
      const organizationId = ownOrganization(actor);
      // The school is checked by the statement itself; a school-locked user sells at theirs only.
      const schoolId = body.school_id ?? actor.schoolId;
      if (actor.schoolId !== null && schoolId !== actor.schoolId) throw notFound(M.schoolNotFound);
      const counts = new Map<number, number>();
      // The price seen for each dish; a dish named twice at two prices was not priced as it is now.
      const seen = new Map<number, string | null>();
      for (const line of body.products) {
        counts.set(line.id, (counts.get(line.id) ?? 0) + line.count);
        const cost = line.cost === undefined ? null : moneyText(line.cost);
        const before = seen.get(line.id);
        if (before === undefined || before === null) seen.set(line.id, cost);
        else if (cost !== null && cost !== before) seen.set(line.id, DISAGREEING);
      }
      const lines = [...counts].map(([id, count]) => ({ id, count, cost: seen.get(id) ?? null }));
      if (lines.some((l) => l.count > ORDER_COUNT_MAX)) throw ValidationError.field('products', M.count);
      const placed = await repo.place({
        organizationId,
        schoolId,
        userId: actor.userId,
        key,
        at: platform.now(),
        lines,
        cashReceived: body.cash_received ?? null,
      });
      if (placed)
        return {
          id: placed.id,
          created_at: placed.createdAt.toISOString(),
          school_id: schoolId,
          school: schoolOf(schoolId, placed),
          cashier: placed.cashier,
          payment_type: 'cash',
          count: placed.count,
          amount: placed.amount,
          cash_received: placed.cashReceived,
          change: changeOf(placed.cashReceived, placed.amount),
          products: placed.lines.map(({ nameKk, nameRuMissing, ...l }) => ({
            ...l,
            ...namesOf({ name: l.name, nameKk, nameRuMissing }),
          })),
          voided: null,
        };
      // Nothing written: a retry of an order already placed under this key, a school or a dish gone,
      // or a price that is not the one the cashier saw.
      const earlier = key === null ? null : await repo.byKey(actor.userId, key);
      if (earlier === null) {
        await schoolFor(actor, schoolId);
        const now = await repo.prices(
          organizationId,
          lines.map((l) => l.id),
        );
        if (now.length === lines.length) {
          const changed = now.filter((d) => {
            const cost = seen.get(d.id);
            return cost !== null && cost !== undefined && cost !== moneyText(d.cost);
          });
          if (changed.length > 0) {
            const said = changed.map((d) => ({
              name: d.name,
              now: ruMoney(d.cost),
              ...(seen.get(d.id) === DISAGREEING ? {} : { was: ruMoney(seen.get(d.id)!) }),
            }));
            throw new HttpError(
              409,
              ERROR_CODES.conflict,
              M.pricesChanged(said),
              {},
              {
                prices: now.map((d) => ({ id: d.id, ...namesOf(d), cost: moneyText(d.cost) })),
              },
            );
          }
        }
        // A dish deleted (or never the organization's) while in a cart: named when it was ours, and
        // listed, so the cashbox takes it out and keeps the rest.
        const missing = lines.map((l) => l.id).filter((id) => !now.some((d) => d.id === id));
        // Every dish there at the price seen: the cash handed over did not cover the sum.
        const received = body.cash_received ?? null;
        if (missing.length === 0 && received !== null) {
          const sum = lines.reduce((s, l) => s + tiyn(now.find((d) => d.id === l.id)!.cost) * BigInt(l.count), 0n);
          if (tiyn(received) < sum) throw ValidationError.field('cash_received', M.cashShort(ruMoney(fromTiyn(sum))));
        }
        const names = await repo.dishNames(organizationId, missing);
        throw new HttpError(
          404,
          ERROR_CODES.notFound,
          names.length === missing.length ? M.dishesGone(names) : M.dishNotFound,
          {},
          { missing },
        );
      }
      const [order] = await ordersOf([earlier]);
      // A retry is the same sale: the same key with another cart or school would drop this one silently.
      const sale = (o: { school: number | null; lines: { id: number; count: number }[] }) =>
        JSON.stringify([o.school, [...o.lines].sort((a, b) => a.id - b.id).map((l) => [l.id, l.count])]);
      if (sale({ school: order!.school_id, lines: order!.products }) !== sale({ school: schoolId, lines }))
        throw keyReused();
      return order!;
    },

    /**
     * Voids an order: the education admin any of the organization's (a locked one, their school's)
     * at any time; a cashier only their own, on the local day it was sold. Audited with the reason.
     */
    async voidOrder(actor: Actor, id: number, body: OrderVoid): Promise<Order> {
      const organizationId = ownOrganization(actor);
      const found = await repo.find(organizationId, actor.schoolId, id);
      if (!found) throw notFound(M.orderNotFound);
      if (found.voidedAt !== null) throw conflict(M.alreadyVoided(id));
      const now = platform.now();
      if (actor.role !== 'EducationAdmin') {
        if (found.userId !== actor.userId) throw forbidden(M.cashierOthers);
        const zone = found.timeZone;
        if (localDate(found.createdAt, zone) !== localDate(now, zone)) throw forbidden(M.cashierOtherDay);
      }
      const voided = await repo.voidOrder({ id, organizationId, userId: actor.userId, reason: body.reason, at: now });
      if (!voided) throw conflict(M.alreadyVoided(id));
      const [order] = await ordersOf([id]);
      return order!;
    },
  };
}
