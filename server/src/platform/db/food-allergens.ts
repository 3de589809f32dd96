import { ALLERGENS, type Allergen } from '@tamaq/contract/allergens';

/**
 * The allergens a shipped food holds by its English name and group (docs/rules.md "Foods and
 * nutrients"), for the foods the product has no hand-checked names for: the table names each food by
 * what it is made of («Cookies, oatmeal», «Egg, whole, raw»), and these words name what a label must.
 * A food named in `names.csv` has its allergens from there instead.
 */
const RULES: [Allergen, RegExp, RegExp?][] = [
  [
    'gluten',
    /\b(wheat|flour|bread|breaded|pasta|macaroni|spaghetti|noodles?|semolina|farina|couscous|bulgur|barley|rye|oats?|oatmeal|spelt|kamut|triticale|malt|crackers?|cookies?|cakes?|biscuits?|muffins?|croissants?|pastry|doughnuts?|pancakes?|waffles?|pie|pizza|bagels?|rolls|crumbs|batter|seitan|gluten)\b/,
    /gluten-free|\b(rice|corn|potato|soy|buckwheat|arrowroot|tapioca|peanut|chickpea) flour\b/,
  ],
  ['crustaceans', /\b(shrimps?|crabs?|lobsters?|crayfish|prawns?|crustaceans)\b/],
  ['eggs', /\b(eggs?|eggnog|mayonnaise|meringue)\b/, /eggplant/],
  [
    'fish',
    /\b(fish|anchov\w*|salmon|tuna|cod|sardines?|herring|mackerel|pollock|trout|carp|pike|perch|halibut|haddock|flounder|tilapia|catfish|caviar|roe|surimi|whiting|sturgeon)\b/,
  ],
  ['peanuts', /\bpeanuts?\b/],
  ['soybeans', /\b(soy\w*|tofu|tempeh|miso|edamame|natto)\b/],
  [
    'milk',
    /\b(milk|cheese|butter|cream|creamed|yogurt|whey|kefir|buttermilk|casein|lactose|ghee|dulce de leche)\b/,
    /\b(peanut|cocoa|apple|nut|almond|cashew|sesame|seed) butter\b|\bbutter(nut|beans?)\b|\b(coconut|soy|almond|rice|oat) milk\b|soymilk|cream of (tartar|wheat|rice)|cream soda/,
  ],
  [
    'nuts',
    /\b(almonds?|walnuts?|hazelnuts?|filberts?|cashews?|pecans?|pistachios?|macadamias?|brazilnuts?|brazil nuts)\b/,
  ],
  ['celery', /\b(celery|celeriac)\b/],
  ['mustard', /\bmustard\b/],
  ['sesame', /\b(sesame|tahini)\b/],
  ['sulphites', /\b(sulfured|sulfites?|sulphites?|wine)\b/, /\bwine vinegar\b/],
  ['lupin', /\blupin\w*/],
  [
    'molluscs',
    /\b(clams?|mussels?|oysters?|scallops?|squid|octopus|snails?|whelks?|abalone|cuttlefish|mollusks?|molluscs?)\b/,
  ],
  ['aspartame', /\baspartame\b/],
];

/** By group, what every food of it holds (its name may not say: «Fish, cod»; «Cheese, feta»). */
const GROUPS: Record<string, Allergen> = {
  'Finfish and Shellfish Products': 'fish',
  'Baked Products': 'gluten',
};

export function allergensByName(nameEn: string, foodGroup: string): Allergen[] {
  const name = nameEn.toLowerCase();
  const found = new Set<Allergen>();
  for (const [allergen, holds, unless] of RULES) if (holds.test(name) && !unless?.test(name)) found.add(allergen);
  const byGroup = GROUPS[foodGroup];
  // Shellfish are in the fish group by name: a shrimp is a crustacean, not a fish.
  if (byGroup === 'fish' && !found.has('crustaceans') && !found.has('molluscs')) found.add('fish');
  if (byGroup === 'gluten' && !/gluten-free/.test(name)) found.add('gluten');
  if (foodGroup === 'Dairy and Egg Products' && !found.has('eggs')) found.add('milk');
  return ALLERGENS.filter((a) => found.has(a));
}
