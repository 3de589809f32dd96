import type { UserCard } from '@tamaq/contract/cards';
import { Alert, App, Breadcrumb, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useUser } from './api/get-user.ts';
import { useUserCards } from './api/get-user-cards.ts';
import { useUnlinkUserCard } from './api/unlink-user-card.ts';
import { AddCardForm } from './add-card-form.tsx';

const t = i18n.orgs.userCards;
const c = i18n.orgs.cards;

/** /user/cards/:id and /classroom/:classroomId/user/cards/:id (docs/product.md "A person's cards"): a user's cards. */
export function UserCardsPage() {
  const params = useParams();
  const userId = Number(params.id);
  const classroomId = params.classroomId ? Number(params.classroomId) : null;
  const words = useStructureWords();
  const { message } = App.useApp();
  const user = useUser(userId);
  const cards = useUserCards(userId);
  const unlink = useUnlinkUserCard();
  const back = classroomId === null ? '/users' : `/classroom/${classroomId}/users`;
  const title = user.data ? t.title(user.data.name) : c.title;

  const columns: TableColumnsType<UserCard> = [
    {
      title: c.columns.number,
      dataIndex: 'number',
      render: (number: string) => <Typography.Text code>{number}</Typography.Text>,
    },
    {
      title: c.columns.use,
      dataIndex: 'endless_use',
      render: (v: string) => (v === 'Y' ? <Tag color="blue">{c.endless}</Tag> : <Tag>{c.oneTime}</Tag>),
    },
    {
      title: c.columns.actions,
      key: 'actions',
      align: 'right',
      render: (_, card) => (
        <ConfirmDelete
          title={t.unlinkConfirm(card.number)}
          label={`${t.unlink} ${card.number}`}
          onConfirm={async () => {
            await unlink.mutateAsync({ userId, cardId: card.id });
            void message.success(t.unlinked);
          }}
        />
      ),
    },
  ];

  return (
    <div data-testid="user-cards-page">
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to={back}>{classroomId === null ? t.users : words.pupils}</Link> }, { title }]}
      />
      <Card title={title} loading={user.isPending} extra={<LinkButton to={back}>{t.back}</LinkButton>}>
        {user.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(user.error)} />
        ) : (
          <>
            <AddCardForm userId={userId} />
            <Table<UserCard>
              size="middle"
              rowKey="id"
              columns={columns}
              dataSource={cards.data}
              loading={cards.isFetching}
              pagination={false}
              locale={{ emptyText: cards.error ? errorText(cards.error) : t.empty }}
            />
          </>
        )}
      </Card>
    </div>
  );
}
