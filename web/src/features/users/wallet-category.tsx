import type { UserRow } from '@tamaq/contract/users';
import { Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';

const t = i18n.users.wallet;

/**
 * A pupil's food category (docs/product.md "Pupils"): beside it the day the social wallet was set, in green, or
 * in red the day it ended: 'удалена (date)' when the pupil has no category left, 'соц. кошелёк снят
 * (date)' beside the category the pupil moved to (the paid one was not removed).
 */
export function WalletCategory({
  row,
}: {
  row: Pick<UserRow, 'foodCategory' | 'social_wallet_set_date' | 'social_wallet_reset_date'> &
    Partial<Pick<UserRow, 'social_wallet_to'>>;
}) {
  const reset = row.social_wallet_reset_date;
  const set = row.social_wallet_set_date;
  // A social wallet category with an end of its own: from – to (the last day), as the order gave it.
  if (row.foodCategory?.type === 'sw' && reset && row.social_wallet_to) {
    return (
      <span data-testid="wallet-category">
        {row.foodCategory.name}
        <Typography.Text type="success" title={t.setTitle} style={{ marginLeft: 6 }}>
          {t.period(set ? formatDate(set) : '…', formatDate(row.social_wallet_to))}
        </Typography.Text>
      </span>
    );
  }
  return (
    <span data-testid="wallet-category">
      {row.foodCategory?.name}
      {reset ? (
        <Typography.Text type="danger" title={t.resetTitle} style={{ marginLeft: row.foodCategory ? 6 : 0 }}>
          {row.foodCategory ? t.walletEnded(formatDate(reset)) : t.reset(formatDate(reset))}
        </Typography.Text>
      ) : set ? (
        <Typography.Text type="success" title={t.setTitle} style={{ marginLeft: 6 }}>
          {t.set(formatDate(set))}
        </Typography.Text>
      ) : null}
    </span>
  );
}
