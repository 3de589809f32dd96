import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  jsonb,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COOKING_METHODS } from '@tamaq/contract/dish-figures';
import { NUTRIENTS, type Nutrient } from '@tamaq/contract/nutrients';
import { createdAt, deletedAt, orgId } from './columns.ts';
import { organizations, schools } from './schema.ts';
import { dishes } from './schema-food.ts';
import { users } from './schema-people.ts';

/** Kazakh letters and ё, and the letters a Russian keyboard types for them: a search reads both as one. */
export const KAZAKH_LETTERS = 'ёәіңғүұқөһ';
export const RUSSIAN_KEYS = 'еаингуукох';

/** A text as `foods.search_text` has it. */
export const foodSearchable = (text: SQL) =>
  sql`translate(lower(${text}), ${sql.raw(`'${KAZAKH_LETTERS}'`)}, ${sql.raw(`'${RUSSIAN_KEYS}'`)})`;

/** A nutrient's value per 100 g of the edible part; null is "not measured", never 0. */
function nutrientColumns() {
  return Object.fromEntries(NUTRIENTS.map((n) => [n.code, numeric(n.column)])) as Record<
    Nutrient,
    ReturnType<typeof numeric>
  >;
}

/**
 * Foods (docs/rules.md "Foods and nutrients"): the shipped composition table's (no organization;
 * `ndb_no` is the food's number in the release, its identity across releases) and an organization's
 * own (the dietitian's, from a table the product may not ship), each with the source its values come
 * from. Values are exact as the source gives them.
 */
export const foods = pgTable(
  'foods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    /** The shipped table's number of the food (SR's NDB_No, five digits); null for an organization's own. */
    ndbNo: text('ndb_no'),
    /** The table's food group, as the table names it (`Dairy and Egg Products`). */
    foodGroup: text('food_group'),
    nameEn: text('name_en'),
    nameRu: text('name_ru'),
    nameKk: text('name_kk'),
    /** The share of the food as bought that is not eaten (%), and what it is: gross → net. */
    refusePct: numeric('refuse_pct'),
    refuseDesc: text('refuse_desc'),
    /** Where the values come from: `usda-sr28` for the shipped table, else as the dietitian writes it. */
    source: text('source').notNull(),
    /** The allergens the food holds: codes of contract/src/allergens.ts. */
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...nutrientColumns(),
    /** What the search compares: the three names, lower case, Kazakh letters and ё as a Russian keyboard types them. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`translate(lower(coalesce(name_ru, '') || ' ' || coalesce(name_kk, '') || ' ' || coalesce(name_en, '')), ${sql.raw(`'${KAZAKH_LETTERS}'`)}, ${sql.raw(`'${RUSSIAN_KEYS}'`)})`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('foods_ndb_no_key')
      .on(t.ndbNo)
      .where(sql`${t.organizationId} is null`),
    index('foods_organization_idx').on(t.organizationId),
    index('foods_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A shipped food has its number; an organization's own has none.
    check('foods_shipped_check', sql`(${t.organizationId} is null) = (${t.ndbNo} is not null)`),
    check('foods_refuse_check', sql`${t.refusePct} is null or ${t.refusePct} between 0 and 100`),
  ],
);

/**
 * The shipped data loaded into this database, one row a data set (`usda-sr28`): its release and the
 * checksum of the files it was loaded from. The loader at start does nothing while both match.
 */
export const referenceReleases = pgTable('reference_releases', {
  name: text('name').primaryKey(),
  release: text('release').notNull(),
  checksum: text('checksum').notNull(),
  rows: integer('rows').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
});

/**
 * An organization's age groups (docs/rules.md "Age groups and norms"): a portion of a dish and a norm
 * are given for each («6–10 лет», «11–18 лет», a kindergarten's «1–3 года», «3–7 лет»). Ages are whole
 * years, both ends included. A catalogue of contract/src/catalogues.ts.
 */
export const ageGroups = pgTable(
  'age_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    ageFrom: integer('age_from').notNull(),
    ageTo: integer('age_to').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('age_groups_organization_idx').on(t.organizationId),
    uniqueIndex('age_groups_organization_name_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    check('age_groups_ages_check', sql`${t.ageFrom} between 0 and 25 and ${t.ageTo} between ${t.ageFrom} and 25`),
  ],
);

/**
 * Nutrient losses by cooking method (docs/rules.md "Technological cards and a dish's figures"), per
 * cent of the raw amount, each with its source: the shipped rows (no organization) and an
 * organization's own, which replace the shipped row of the same method and nutrient for it.
 */
export const cookingLosses = pgTable(
  'cooking_losses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    method: text('method', { enum: COOKING_METHODS }).notNull(),
    nutrient: text('nutrient').notNull(),
    lossPct: numeric('loss_pct').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cooking_losses_key').on(sql`coalesce(${t.organizationId}, 0)`, t.method, t.nutrient),
    index('cooking_losses_organization_idx').on(t.organizationId),
    check('cooking_losses_pct_check', sql`${t.lossPct} between 0 and 100`),
  ],
);

/**
 * A dish's technological card, one row a version (docs/rules.md "Technological cards and a dish's
 * figures"): valid from its date until the next version's, so a menu served keeps the card it was
 * served with. `yield_g` is the cooked dish's weight from the lines' amounts, weighed, not summed.
 */
export const techCards = pgTable(
  'tech_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    validFrom: date('valid_from').notNull(),
    /** The recipe book the card follows, and the recipe's number in it: for the inspector. */
    recipeBook: text('recipe_book'),
    recipeNumber: text('recipe_number'),
    /** The method of the lines that name none. */
    method: text('method', { enum: COOKING_METHODS }).notNull(),
    yieldG: numeric('yield_g').notNull(),
    /** How it is cooked, as the card's text says. */
    technology: text('technology'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tech_cards_dish_valid_from_key').on(t.dishId, t.validFrom),
    index('tech_cards_organization_idx').on(t.organizationId),
    index('tech_cards_created_by_idx').on(t.createdBy),
    check('tech_cards_yield_check', sql`${t.yieldG} > 0`),
  ],
);

/** A food of a card: gross and net weight (grams, for the card's yield) and its method when not the card's. */
export const techCardLines = pgTable(
  'tech_card_lines',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => techCards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    foodId: integer('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'restrict' }),
    grossG: numeric('gross_g').notNull(),
    netG: numeric('net_g').notNull(),
    method: text('method', { enum: COOKING_METHODS }),
  },
  (t) => [
    primaryKey({ name: 'tech_card_lines_pkey', columns: [t.cardId, t.position] }),
    index('tech_card_lines_food_idx').on(t.foodId),
    check('tech_card_lines_weights_check', sql`${t.netG} > 0 and ${t.grossG} >= ${t.netG}`),
  ],
);

/** A card's portion for an age group, grams of the cooked dish (soup 200 / 250 / 300). */
export const techCardPortions = pgTable(
  'tech_card_portions',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => techCards.id, { onDelete: 'cascade' }),
    ageGroupId: integer('age_group_id')
      .notNull()
      .references(() => ageGroups.id, { onDelete: 'restrict' }),
    portionG: numeric('portion_g').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tech_card_portions_pkey', columns: [t.cardId, t.ageGroupId] }),
    index('tech_card_portions_age_group_idx').on(t.ageGroupId),
    check('tech_card_portions_portion_check', sql`${t.portionG} > 0`),
  ],
);

/**
 * What a food costs the organization per kilogram as bought, from a day on (docs/rules.md "Food
 * prices and a dish's cost"): a card's cost on a day uses each food's last price from that day or
 * before.
 */
export const foodPrices = pgTable(
  'food_prices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    foodId: integer('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'restrict' }),
    /** Tenge per kilogram, exact. */
    pricePerKg: numeric('price_per_kg', { precision: 12, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('food_prices_key').on(t.organizationId, t.foodId, t.validFrom),
    index('food_prices_food_idx').on(t.foodId),
    index('food_prices_created_by_idx').on(t.createdBy),
    check('food_prices_price_check', sql`${t.pricePerKg} >= 0`),
  ],
);

/**
 * An organization's norm set (docs/rules.md "Norm sets"): per age group the day's need and a meal's own
 * figure where its act gives one, each meal's share of the day, a tolerance, and where the numbers come
 * from. `version` grows at each change: an analysis names the version it used.
 */
export const normSets = pgTable(
  'norm_sets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: orgId(),
    /** The Russian name, or the Kazakh one while `nameRuMissing` (contract/src/names.ts). */
    name: text('name').notNull(),
    nameKk: text('name_kk'),
    nameRuMissing: boolean('name_ru_missing').notNull().default(false),
    source: text('source').notNull(),
    /** The shipped template it was made from (contract/src/norms.ts), or null. */
    template: text('template'),
    kazakh2025: boolean('kazakh_2025').notNull().default(false),
    tolerancePct: numeric('tolerance_pct', { precision: 5, scale: 2 }).notNull().default('10'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('norm_sets_organization_idx').on(t.organizationId),
    index('norm_sets_created_by_idx').on(t.createdBy),
    index('norm_sets_updated_by_idx').on(t.updatedBy),
    check('norm_sets_tolerance_check', sql`${t.tolerancePct} between 0 and 50`),
  ],
);

/**
 * Each version of a norm set as it was saved (docs/rules.md "Norm sets"): its names, source, tolerance,
 * shares and values as one document (platform/db/norm-set-versions.ts), when and by whom, so that the
 * version an analysis named stays readable after the set changed.
 */
export const normSetVersions = pgTable(
  'norm_set_versions',
  {
    normSetId: integer('norm_set_id')
      .notNull()
      .references(() => normSets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    content: jsonb('content').notNull(),
  },
  (t) => [
    primaryKey({ name: 'norm_set_versions_pkey', columns: [t.normSetId, t.version] }),
    index('norm_set_versions_saved_by_idx').on(t.savedBy),
  ],
);

/** A meal's share of the day's need, per cent (lunch 32.5). */
export const normSetShares = pgTable(
  'norm_set_shares',
  {
    normSetId: integer('norm_set_id')
      .notNull()
      .references(() => normSets.id, { onDelete: 'cascade' }),
    meal: integer('meal').notNull(),
    sharePct: numeric('share_pct', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'norm_set_shares_pkey', columns: [t.normSetId, t.meal] }),
    check('norm_set_shares_share_check', sql`${t.sharePct} > 0 and ${t.sharePct} <= 100`),
  ],
);

/** A norm's figure: for an age group, the day's (meal 0) or a meal's, one nutrient, exact. */
export const normSetValues = pgTable(
  'norm_set_values',
  {
    normSetId: integer('norm_set_id')
      .notNull()
      .references(() => normSets.id, { onDelete: 'cascade' }),
    ageGroupId: integer('age_group_id')
      .notNull()
      .references(() => ageGroups.id, { onDelete: 'restrict' }),
    /** 0: the day's need; 1–6: the menu's meal mode. */
    meal: integer('meal').notNull(),
    nutrient: text('nutrient').notNull(),
    value: numeric('value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'norm_set_values_pkey', columns: [t.normSetId, t.ageGroupId, t.meal, t.nutrient] }),
    index('norm_set_values_age_group_idx').on(t.ageGroupId),
    check('norm_set_values_value_check', sql`${t.value} >= 0`),
  ],
);

/** The set a school's menus are analysed against. */
export const schoolNormSets = pgTable(
  'school_norm_sets',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    normSetId: integer('norm_set_id')
      .notNull()
      .references(() => normSets.id, { onDelete: 'restrict' }),
  },
  (t) => [index('school_norm_sets_norm_set_idx').on(t.normSetId)],
);

/** An organization's menu rules (contract/src/menu-rules.ts), as one document; none: the shipped ones. */
export const menuRuleSets = pgTable(
  'menu_rule_sets',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    rules: jsonb('rules').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('menu_rule_sets_updated_by_idx').on(t.updatedBy)],
);
