import { CreditCardOutlined, EditOutlined, KeyOutlined, MailOutlined } from '@ant-design/icons';
import type { UserRow } from '@tamaq/contract/users';
import { App, Button, Space } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useDeleteUser } from './api/delete-user.ts';

const t = i18n.users;

export interface UserActionsProps {
  row: UserRow;
  editTo?: string | undefined;
  passwordTo?: string | undefined;
  cardsTo?: string | undefined;
  canDelete: boolean;
  /** Opens the parent invitation of a pupil. */
  onInvite?: (() => void) | undefined;
}

/** The buttons of a user row: edit, password, cards, invite a parent, delete (with confirmation). */
export function UserActions({ row, editTo, passwordTo, cardsTo, canDelete, onInvite }: UserActionsProps) {
  const { message } = App.useApp();
  const remove = useDeleteUser();
  return (
    <Space size={0}>
      {editTo && (
        <LinkButton
          type="text"
          icon={<EditOutlined />}
          to={editTo}
          aria-label={t.actions.edit}
          title={t.actions.edit}
        />
      )}
      {passwordTo && (
        <LinkButton
          type="text"
          icon={<KeyOutlined />}
          to={passwordTo}
          aria-label={t.actions.password}
          title={t.actions.password}
        />
      )}
      {cardsTo && (
        <LinkButton
          type="text"
          icon={<CreditCardOutlined />}
          to={cardsTo}
          aria-label={t.actions.cards}
          title={t.actions.cards}
        />
      )}
      {onInvite && (
        <Button
          type="text"
          icon={<MailOutlined />}
          onClick={onInvite}
          aria-label={t.actions.invite}
          title={t.actions.invite}
        />
      )}
      {canDelete && (
        <ConfirmDelete
          title={t.confirmDelete}
          onConfirm={async () => {
            await remove.mutateAsync(row.id);
            void message.success(t.deleted);
          }}
        />
      )}
    </Space>
  );
}
