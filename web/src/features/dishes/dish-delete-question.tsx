import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const t = i18n.food.dishes;

/**
 * The question before a dish is deleted: deleting takes it off every menu, so the menus that have it
 * are named (an activated one marked), asked of the server when the question opens.
 */
export function DishDeleteQuestion({ id }: { id: number }) {
  const menus = useQuery({
    queryKey: ['dishes', id, 'menus'],
    queryFn: ({ signal }) => callEndpoint('dishes', 'menus', { params: { id } }, { signal }),
    staleTime: 0,
  });
  const names = (menus.data?.rows ?? [])
    .map((m) => `«${m.name}»${m.activations > 0 ? ` (${t.menuActive})` : ''}`)
    .join(', ');
  return (
    <Space direction="vertical" size={4} style={{ maxWidth: 360 }} data-testid="dish-delete-question">
      <span>{t.confirmDelete}</span>
      {menus.isPending ? (
        <Typography.Text type="secondary">
          <Spin size="small" /> {t.deleteChecking}
        </Typography.Text>
      ) : menus.isError ? (
        <Typography.Text>{t.deleteMenusFailed}</Typography.Text>
      ) : names ? (
        <Typography.Text>{t.deleteInMenus(names)}</Typography.Text>
      ) : null}
    </Space>
  );
}
