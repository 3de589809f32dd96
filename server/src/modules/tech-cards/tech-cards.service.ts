import { ALLERGENS } from '@tamaq/contract/allergens';
import {
  dishFigures,
  netFromGross,
  type CookingMethod,
  type DishFigures,
  type Losses,
} from '@tamaq/contract/dish-figures';
import { DISH_MESSAGES } from '@tamaq/contract/dishes';
import { nameInLanguage, namesOf } from '@tamaq/contract/names';
import { menuViolations, type RuleDish } from '@tamaq/contract/menu-rules';
import { dayNorm, mealNorm, NORM_NUTRIENTS, normCheck, type NormNutrient } from '@tamaq/contract/norms';
import { NUTRIENT_CODES, NUTRIENTS, type Nutrient } from '@tamaq/contract/nutrients';
import {
  MENU_FIGURES_MESSAGES,
  TECH_CARD_MESSAGES as M,
  type MenuFigures,
  type MenuLayout,
  type MenuLayoutQuery,
  type TechCard,
  type TechCardAnswer,
  type TechCardBody,
} from '@tamaq/contract/tech-cards';
import type { Actor } from '../../platform/auth/actors.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { localDate } from '../../platform/time.ts';
import { readerLanguage } from '../../platform/db/alphabet.ts';
import { toFood } from '../foods/foods.service.ts';
import { menuRulesOf, normForMenu } from '../norms/norms.service.ts';
import { createTechCardsRepository, type CardRow, type FoodRow } from './tech-cards.repository.ts';

/** The losses rows as the figures take them: an organization's own row replaces the shipped one. */
function lossesOf(rows: { method: CookingMethod; nutrient: string; lossPct: string; own: boolean }[]): Losses {
  const losses: Losses = {};
  for (const row of [...rows].sort((a, b) => Number(a.own) - Number(b.own))) {
    (losses[row.method] ??= {})[row.nutrient as Nutrient] = Number(row.lossPct);
  }
  return losses;
}

const values = (food: FoodRow) => Object.fromEntries(NUTRIENTS.map((n) => [n.code, food[n.code]]));

/** A saved card's figures: its lines' foods as stored, its portions, the organization's losses. */
const figuresOf = (
  card: CardRow,
  lines: { line: { netG: string; method: CookingMethod | null }; food: FoodRow }[],
  portions: { ageGroupId: number; portionG: string }[],
  losses: Losses,
) =>
  dishFigures(
    lines.map(({ line, food }) => ({
      foodId: food.id,
      food: toFood(food).name,
      values: values(food),
      netG: Number(line.netG),
      method: line.method ?? card.method,
    })),
    Number(card.yieldG),
    portions.map((p) => ({ ageGroupId: p.ageGroupId, portionG: Number(p.portionG) })),
    losses,
  );

/**
 * Whether a food's sugars count as added (docs/rules.md "The menu's rules"): the table's sweeteners and
 * confectionery (its group «Sweets»: sugar, honey, jam, syrup); an organization's own food, whose added
 * part the product cannot tell from its natural, counts whole.
 */
const sweetens = (food: FoodRow) => food.ndbNo === null || food.foodGroup === 'Sweets';

/** The day before `date` (YYYY-MM-DD). */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Tenge with two decimals, rounded half up from the figure in tenths of a tiyn. */
const tenge = (value: number) => (Math.round(value * 100 + Number.EPSILON) / 100).toFixed(2);

/**
 * What a card's foods cost: each line's gross grams (what is bought) × its food's price per kg / 1000,
 * summed; a portion is its share of the yield. A food without a price adds nothing and is named.
 */
function costOf(
  lines: { line: { grossG: string }; food: FoodRow }[],
  prices: Map<number, string>,
  yieldG: number,
  portions: { ageGroupId: number; portionG: string }[],
): TechCard['cost'] {
  let total = 0;
  const missing: string[] = [];
  for (const { line, food } of lines) {
    const price = prices.get(food.id);
    if (price === undefined) {
      const name = toFood(food).name;
      if (!missing.includes(name)) missing.push(name);
      continue;
    }
    total += (Number(line.grossG) * Number(price)) / 1000;
  }
  return {
    total: tenge(total),
    portions: portions.map((p) => ({ age_group_id: p.ageGroupId, cost: tenge((total * Number(p.portionG)) / yieldG) })),
    missing,
  };
}

const answerFigures = (f: DishFigures): TechCard['figures'] => ({
  per_100g: f.per100g,
  portions: f.portions.map((p) => ({ age_group_id: p.ageGroupId, portion_g: p.portionG, figures: p.figures })),
});

type Sums = Record<Nutrient | 'saltG', { value: number; missing: string[] }>;
const FIGURE_KEYS = [...NUTRIENT_CODES, 'saltG'] as const;
const emptySums = (): Sums =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, { value: 0, missing: [] as string[] }])) as unknown as Sums;
/** Adds `more` into `into`: values summed, what each lacks gathered once. */
function addInto(into: Sums, more: Sums, factor = 1) {
  for (const k of FIGURE_KEYS) {
    into[k].value += more[k].value * factor;
    for (const m of more[k].missing) if (!into[k].missing.includes(m)) into[k].missing.push(m);
  }
}
/** A whole figure set lacking one thing (a dish without a card or a portion). */
function lacking(into: Sums, what: string) {
  for (const k of FIGURE_KEYS) if (!into[k].missing.includes(what)) into[k].missing.push(what);
}

/**
 * docs/rules.md "Technological cards and a dish's figures": the education admin's cards of the own
 * organization's dishes, a version a day they start on; a version a menu may have been served with
 * (started before today) is never changed.
 */
export function createTechCardsService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createTechCardsRepository(platform.db);

  const ownDish = async (actor: Actor, id: number, tx: Db = platform.db, lock = false) => {
    if (actor.organizationId === null) throw forbidden();
    const dish = await repo.dish(actor.organizationId, id, tx, lock);
    if (!dish) throw notFound(DISH_MESSAGES.dishNotFound);
    return dish;
  };

  const today = async (organizationId: number, tx: Db) =>
    localDate(platform.now(), (await repo.timeZoneOf(organizationId, tx)) ?? undefined);

  async function answer(
    dish: { id: number; organizationId: number; allergens: string[] },
    date: string,
    tx: Db,
  ): Promise<TechCardAnswer> {
    const versions = await repo.versions(dish.id, tx);
    const card = await repo.cardOn(dish.id, date, tx);
    return {
      dish_id: dish.id,
      today: await today(dish.organizationId, tx),
      card: card ? await cardAnswer(dish, card, versions, date, tx) : null,
      versions: versions.map((v) => ({ id: v.id, valid_from: v.validFrom, created_at: v.createdAt.toISOString() })),
    };
  }

  async function cardAnswer(
    dish: { organizationId: number; allergens: string[] },
    card: CardRow,
    versions: { validFrom: string }[],
    date: string,
    tx: Db,
  ): Promise<TechCard> {
    const { lines, portions, createdBy } = await repo.detail(card, tx);
    const prices = await repo.pricesOn(dish.organizationId, [...new Set(lines.map(({ food }) => food.id))], date, tx);
    const losses = lossesOf(await repo.losses(dish.organizationId, tx));
    const figures = figuresOf(card, lines, portions, losses);
    const next = versions.filter((v) => v.validFrom > card.validFrom).at(-1);
    const held = new Set([...dish.allergens, ...lines.flatMap(({ food }) => food.allergens)]);
    return {
      id: card.id,
      dish_id: card.dishId,
      valid_from: card.validFrom,
      valid_to: next ? dayBefore(next.validFrom) : null,
      recipe_book: card.recipeBook,
      recipe_number: card.recipeNumber,
      method: card.method,
      yield_g: Number(card.yieldG),
      technology: card.technology,
      created_at: card.createdAt.toISOString(),
      created_by: createdBy,
      lines: lines.map(({ line, food }) => {
        const f = toFood(food);
        return {
          food: {
            id: f.id,
            name: f.name,
            ndb_no: f.ndb_no,
            own: f.own,
            refuse_pct: f.refuse_pct,
            allergens: f.allergens,
          },
          gross_g: Number(line.grossG),
          net_g: Number(line.netG),
          method: line.method,
        };
      }),
      portions: portions.map((p) => ({
        age_group: { id: p.ageGroupId, ...namesOf(p) },
        portion_g: Number(p.portionG),
      })),
      allergens: ALLERGENS.filter((a) => held.has(a)),
      figures: answerFigures(figures),
      cost: costOf(lines, prices, Number(card.yieldG), portions),
    };
  }

  return {
    /**
     * A day's меню-раскладка (docs/rules.md "The kitchen's layout"): each meal's dishes in the order
     * served with the foods of the card valid on `date` for its yield and each age group's portion. A
     * day beyond the menu is 422; another organization's menu 404.
     */
    async layout(actor: Actor, id: number, query: MenuLayoutQuery): Promise<MenuLayout> {
      if (actor.organizationId === null) throw forbidden();
      const organizationId = actor.organizationId;
      const db = platform.db;
      const menu = await repo.menu(organizationId, id, db);
      if (!menu) throw notFound(MENU_FIGURES_MESSAGES.menuNotFound);
      if (query.day > menu.days) throw ValidationError.field('day', M.layoutDay);
      const date = query.date ?? (await today(organizationId, db));
      const ofDay = menu.dishes.filter((d) => d.day === query.day);
      const cards = new Map(
        (await repo.cardsOn([...new Set(ofDay.map((d) => d.dishId))], date, db)).map((c) => [c.card.dishId, c]),
      );
      const language = readerLanguage();
      return {
        menu_id: menu.id,
        day: query.day,
        date,
        age_groups: (await repo.allAgeGroups(organizationId, db)).map((g) => ({ id: g.id, ...namesOf(g) })),
        meals: menu.groups.map((group) => ({
          group,
          dishes: ofDay
            .filter((d) => d.group === group)
            .map((d) => {
              const c = cards.get(d.dishId);
              return {
                id: d.dishId,
                name: nameInLanguage({ name: d.name, nameKk: d.nameKk, nameRuMissing: d.nameRuMissing }, language),
                card: c !== undefined,
                yield_g: c ? Number(c.card.yieldG) : null,
                portions: (c?.portions ?? []).map((p) => ({
                  age_group_id: p.ageGroupId,
                  portion_g: Number(p.portionG),
                })),
                lines: (c?.lines ?? []).map(({ line, food }) => ({
                  food_id: food.id,
                  food: toFood(food).name,
                  gross_g: Number(line.grossG),
                  net_g: Number(line.netG),
                })),
              };
            }),
        })),
      };
    },

    /**
     * A menu's figures (docs/rules.md "The menu's figures"): each dish's portion figures for each age
     * group from its card valid on `date`, summed by meal mode and day; the cycle's average over the
     * days with dishes. A dish without a card, or without a portion for a group, adds nothing and is
     * named in what the sum lacks.
     */
    async menuFigures(
      actor: Actor,
      id: number,
      query: {
        date?: string | undefined;
        norm_set_id?: number | undefined;
        food_category_id?: number | undefined;
      },
    ): Promise<MenuFigures> {
      if (actor.organizationId === null) throw forbidden();
      const organizationId = actor.organizationId;
      const db = platform.db;
      const menu = await repo.menu(organizationId, id, db);
      if (!menu) throw notFound(MENU_FIGURES_MESSAGES.menuNotFound);
      const date = query.date ?? (await today(organizationId, db));
      const norm = await normForMenu(db, organizationId, menu.id, query.norm_set_id);
      const groups = await repo.allAgeGroups(organizationId, db);
      const dishIds = [...new Set(menu.dishes.map((d) => d.dishId))];
      const [cards, lossRows] = [await repo.cardsOn(dishIds, date, db), await repo.losses(organizationId, db)];
      const losses = lossesOf(lossRows);
      const tariff = await repo.tariff(organizationId, query.food_category_id, db);
      if (query.food_category_id !== undefined && !tariff) throw notFound(MENU_FIGURES_MESSAGES.categoryNotFound);
      // The menu's meals the tariff pays for, by its meal times; null: the whole day (docs/rules.md "A day's cost").
      const modes = tariff?.meals?.length ? await repo.mealModesOf(tariff.meals, db) : [];
      const paidMeals =
        modes.length && modes.every((m) => m !== null) ? [...new Set(modes as number[])].sort((a, b) => a - b) : null;
      const prices = await repo.pricesOn(
        organizationId,
        [...new Set(cards.flatMap(({ lines }) => lines.map(({ food }) => food.id)))],
        date,
        db,
      );
      // Each dish's portion cost of each age group by the day's prices, and the foods without one.
      const costOfDish = new Map<number, { portions: Map<number, number>; missing: string[] }>();
      // Each dish's figures per portion, by age group; and what the rules read of its card.
      const perPortion = new Map<number, Map<number, Sums>>();
      const ofCard = new Map<number, Pick<RuleDish, 'names' | 'per100g' | 'fried'>>();
      // Each dish's portion of each age group, and its foods' allergens, as its card says.
      const portionsOf = new Map<number, { age_group_id: number; portion_g: number }[]>();
      const foodAllergens = new Map<number, string[]>();
      for (const { card, lines, portions } of cards) {
        const f = figuresOf(card, lines, portions, losses);
        perPortion.set(card.dishId, new Map(f.portions.map((p) => [p.ageGroupId, p.figures])));
        let bought = 0;
        const unpriced: string[] = [];
        for (const { line, food } of lines) {
          const price = prices.get(food.id);
          if (price === undefined) unpriced.push(MENU_FIGURES_MESSAGES.noPrice(toFood(food).name));
          else bought += (Number(line.grossG) * Number(price)) / 1000;
        }
        costOfDish.set(card.dishId, {
          portions: new Map(portions.map((p) => [p.ageGroupId, (bought * Number(p.portionG)) / Number(card.yieldG)])),
          missing: unpriced,
        });
        portionsOf.set(
          card.dishId,
          portions.map((p) => ({ age_group_id: p.ageGroupId, portion_g: Number(p.portionG) })),
        );
        foodAllergens.set(
          card.dishId,
          lines.flatMap(({ food }) => food.allergens),
        );
        ofCard.set(card.dishId, {
          names: lines.flatMap(({ food }) => [food.nameRu, food.nameKk, food.nameEn].filter((n) => n !== null)),
          per100g: {
            saltG: f.per100g.saltG.value,
            addedSugarsG: figuresOf(
              card,
              lines.filter(({ food }) => sweetens(food)),
              [],
              losses,
            ).per100g.sugarsG.value,
          },
          fried: card.method === 'frying',
        });
      }
      const language = readerLanguage();
      const dishName = (d: (typeof menu.dishes)[number]) =>
        nameInLanguage({ name: d.name, nameKk: d.nameKk, nameRuMissing: d.nameRuMissing }, language);
      /** Each figure the set has a norm for, against it. */
      const checks = (sums: Sums, normOf: (nutrient: NormNutrient) => number | null) =>
        norm
          ? NORM_NUTRIENTS.flatMap((n) => {
              const value = normOf(n);
              return value === null
                ? []
                : [normCheck(n, sums[n].value, value, norm.table.tolerancePct, sums[n].missing.length > 0)];
            })
          : [];
      const sumsFor = (dishesOf: typeof menu.dishes) =>
        groups.map((g) => {
          const sums = emptySums();
          for (const d of dishesOf) {
            const portion = perPortion.get(d.dishId);
            if (!portion) lacking(sums, MENU_FIGURES_MESSAGES.noCard(dishName(d)));
            else if (!portion.has(g.id)) lacking(sums, MENU_FIGURES_MESSAGES.noPortion(dishName(d)));
            else addInto(sums, portion.get(g.id)!);
          }
          return { age_group_id: g.id, figures: sums };
        });
      /** A day's cost for each age group against the tariff (docs/rules.md "A day's cost"). */
      /** Dishes' cost for an age group, and what it lacks. */
      const costOf = (dishesOf: typeof menu.dishes, groupId: number) => {
        let value = 0;
        const missing: string[] = [];
        const lack = (m: string) => {
          if (!missing.includes(m)) missing.push(m);
        };
        for (const d of dishesOf) {
          const c = costOfDish.get(d.dishId);
          if (!c) lack(MENU_FIGURES_MESSAGES.noCard(dishName(d)));
          else if (!c.portions.has(groupId)) lack(MENU_FIGURES_MESSAGES.noPortion(dishName(d)));
          else {
            value += c.portions.get(groupId)!;
            c.missing.forEach(lack);
          }
        }
        return { cost: tenge(value), missing };
      };
      const costFor = (dishesOf: typeof menu.dishes): MenuFigures['days'][number]['cost'] =>
        groups.map((g) => {
          const day = costOf(dishesOf, g.id);
          const paidDishes = paidMeals ? dishesOf.filter((d) => paidMeals.includes(d.group)) : dishesOf;
          const paid = paidMeals ? costOf(paidDishes, g.id) : day;
          const limit = tariff && paidDishes.length ? Number(tariff.cost) : null;
          const over = limit === null ? null : Number(paid.cost) > limit ? true : paid.missing.length ? null : false;
          return { age_group_id: g.id, cost: day.cost, missing: day.missing, paid: paid.cost, over };
        });
      const days: MenuFigures['days'] = [];
      const average = groups.map(() => emptySums());
      // The days' norms, for the average day's: a nutrient's only when every counted day had one.
      const dayNorms = groups.map(() => new Map<NormNutrient, number[]>());
      let counted = 0;
      for (let day = 1; day <= menu.days; day++) {
        const ofDay = menu.dishes.filter((d) => d.day === day);
        const meals = menu.groups.map((group) => {
          const ofMeal = ofDay.filter((d) => d.group === group);
          return {
            group,
            dishes: ofMeal.map((d) => {
              const held = new Set([...d.allergens, ...(foodAllergens.get(d.dishId) ?? [])]);
              return {
                id: d.dishId,
                name: dishName(d),
                card: perPortion.has(d.dishId),
                portions: portionsOf.get(d.dishId) ?? [],
                allergens: ALLERGENS.filter((a) => held.has(a)),
              };
            }),
            figures: sumsFor(ofMeal).map((f) => ({
              ...f,
              checks:
                ofMeal.length && norm ? checks(f.figures, (n) => mealNorm(norm.table, f.age_group_id, group, n)) : [],
            })),
          };
        });
        const served = [...new Set(ofDay.map((d) => d.group))];
        const total = sumsFor(ofDay).map((f, i) => {
          const normOf = (n: NormNutrient) => {
            const value = norm ? dayNorm(norm.table, f.age_group_id, served, n) : null;
            if (value !== null) (dayNorms[i]!.get(n) ?? dayNorms[i]!.set(n, []).get(n)!).push(value);
            return value;
          };
          return { ...f, checks: ofDay.length ? checks(f.figures, normOf) : [] };
        });
        if (ofDay.length) {
          counted++;
          total.forEach((t, i) => addInto(average[i]!, t.figures));
        }
        days.push({ day, meals, figures: total, cost: costFor(ofDay) });
      }
      for (const sums of average) for (const k of FIGURE_KEYS) sums[k].value = counted ? sums[k].value / counted : 0;
      const without = new Map(
        menu.dishes.filter((d) => !perPortion.has(d.dishId)).map((d) => [d.dishId, dishName(d)] as const),
      );
      const violations = menuViolations(
        Array.from({ length: menu.days }, (_, i) => ({
          day: i + 1,
          dishes: menu.dishes
            .filter((d) => d.day === i + 1)
            .map((d) => ({
              id: d.dishId,
              name: dishName(d),
              names: [d.name, d.nameKk ?? '', ...(ofCard.get(d.dishId)?.names ?? [])],
              per100g: ofCard.get(d.dishId)?.per100g ?? null,
              fried: ofCard.get(d.dishId)?.fried ?? false,
            })),
        })),
        menu.days,
        await menuRulesOf(db, organizationId),
      );
      return {
        menu_id: menu.id,
        date,
        norm_set: norm?.set ?? null,
        tariff: tariff ? { id: tariff.id, ...namesOf(tariff), cost: tariff.cost, meals: paidMeals } : null,
        age_groups: groups.map((g) => ({ id: g.id, ...namesOf(g) })),
        days,
        average: groups.map((g, i) => ({
          age_group_id: g.id,
          figures: average[i]!,
          checks: checks(average[i]!, (n) => {
            const norms = dayNorms[i]!.get(n);
            return counted && norms?.length === counted ? norms.reduce((a, b) => a + b, 0) / counted : null;
          }),
        })),
        violations,
        without_card: [...without].map(([id, name]) => ({ id, name })),
      };
    },

    async get(actor: Actor, id: number, query: { date?: string | undefined }): Promise<TechCardAnswer> {
      const dish = await ownDish(actor, id);
      const date = query.date ?? (await today(dish.organizationId, platform.db));
      return answer(dish, date, platform.db);
    },

    /**
     * A version from `valid_from`: the foods are the organization's to use, the age groups its own,
     * a net weight left out is the gross less the food's refuse. A later version may not start before
     * today, nor replace one that started before today: the past keeps the card it was served with.
     */
    async save(actor: Actor, id: number, body: TechCardBody): Promise<TechCardAnswer> {
      return platform.db.transaction(async (tx) => {
        const dish = await ownDish(actor, id, tx, true);
        const errors: Record<string, string[]> = {};
        const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
        const found = new Map(
          (await repo.foods(dish.organizationId, [...new Set(body.lines.map((l) => l.food_id))], tx)).map((f) => [
            f.id,
            f,
          ]),
        );
        const lines = body.lines.map((l, i) => {
          const food = found.get(l.food_id);
          if (!food) refuse(`lines.${i}.food_id`, M.foodNotFound);
          const netG = l.net_g ?? netFromGross(l.gross_g, food?.refusePct ?? null);
          return { foodId: l.food_id, grossG: l.gross_g, netG, method: l.method ?? null };
        });
        const groups = new Set(
          (
            await repo.ageGroups(
              dish.organizationId,
              body.portions.map((p) => p.age_group_id),
              tx,
            )
          ).map((g) => g.id),
        );
        body.portions.forEach((p, i) => {
          if (!groups.has(p.age_group_id)) refuse(`portions.${i}.age_group_id`, M.ageGroupNotFound);
        });
        const versions = await repo.versions(dish.id, tx);
        const start = await today(dish.organizationId, tx);
        if (versions.length && body.valid_from < start) refuse('valid_from', M.servedVersion);
        if (Object.keys(errors).length) throw new ValidationError(errors);
        const card = await repo.save(
          dish,
          {
            validFrom: body.valid_from,
            recipeBook: body.recipe_book,
            recipeNumber: body.recipe_number,
            method: body.method,
            yieldG: body.yield_g,
            technology: body.technology,
            lines,
            portions: body.portions.map((p) => ({ ageGroupId: p.age_group_id, portionG: p.portion_g })),
          },
          actor.userId,
          tx,
        );
        await audit(tx, actor, {
          action: 'tech_card_save',
          entity: 'dish',
          entityId: dish.id,
          organizationId: dish.organizationId,
          after: { card: card.id, valid_from: card.validFrom, lines: lines.length, yield_g: body.yield_g },
        });
        return answer(dish, body.valid_from, tx);
      });
    },
  };
}
