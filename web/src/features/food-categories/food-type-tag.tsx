import type { FoodCategoryType } from '@tamaq/contract/food-categories';
import { Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';

const t = i18n.catalogs.foodCategories;

/** docs/product.md: a social-wallet category wears a special (green) label; a common one reads "Стандартная категория". */
export function FoodTypeTag({ type }: { type: FoodCategoryType }) {
  return type === 'sw' ? (
    <Tag color="green" data-testid="food-type">
      {t.types.sw}
    </Tag>
  ) : (
    <Typography.Text type="secondary" data-testid="food-type">
      {t.types.common}
    </Typography.Text>
  );
}
