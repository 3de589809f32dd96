import { ALLERGEN_SHORT, type Allergen } from '@tamaq/contract/allergens';
import { i18n } from '../i18n/texts.ts';

/**
 * A dish's allergens in one short line («Аллергены: молоко, яйца»), where a dish is listed (the menu,
 * the cashbox, the notice board); null when it has none.
 */
export function allergenLine(codes: readonly Allergen[]): string | null {
  return codes.length ? i18n.food.dishes.allergensOf(codes.map((c) => ALLERGEN_SHORT[c]).join(', ')) : null;
}
