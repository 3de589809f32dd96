import type { AdminInvitation } from '@tamaq/contract/organizations';
import { Alert, App, Button, Divider, List, Popconfirm, Skeleton } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useInviteAdmin, useOrganizationAdmins } from './api/organization-admins.ts';

const f = i18n.orgs.organizationForm;

/** Where an invitation went, said as on the organization's creation. */
export function sayInvitation(
  message: ReturnType<typeof App.useApp>['message'],
  sent: AdminInvitation['admin_invitation'],
) {
  if (sent === 'sent') void message.info(f.invitationSent, 8);
  else if (sent === 'kept') void message.warning(f.invitationKept, 15);
  else void message.error(f.invitationFailed, 15);
}

/**
 * The organization's admins on its page (docs/rules.md "Organizations"): whether each has set a
 * password, until when the invitation's link holds, and a new link for one who has not (asked first:
 * the earlier link stops working).
 */
export function OrganizationAdmins({ organizationId }: { organizationId: number }) {
  const admins = useOrganizationAdmins(organizationId);
  const invite = useInviteAdmin(organizationId);
  const { message } = App.useApp();
  return (
    <section data-testid="organization-admins">
      <Divider titlePlacement="start">{f.admins}</Divider>
      {admins.isError && !admins.data ? (
        <Alert type="error" showIcon title={f.adminsLoadFailed} description={errorText(admins.error)} />
      ) : !admins.data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <List
          size="small"
          dataSource={admins.data.rows}
          renderItem={(a) => (
            <List.Item
              actions={
                a.password_set
                  ? []
                  : [
                      <Popconfirm
                        key="resend"
                        title={f.resendConfirm}
                        okText={f.resendYes}
                        cancelText={f.cancel}
                        onConfirm={() =>
                          invite.mutateAsync(a.id).then(
                            (sent) => sayInvitation(message, sent.admin_invitation),
                            (err: unknown) => void message.error(errorText(err)),
                          )
                        }
                      >
                        <Button icon={<MailOutlined />} loading={invite.isPending && invite.variables === a.id}>
                          {f.resend}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={`${a.name} · ${a.email}`}
                description={
                  a.password_set
                    ? f.adminPasswordSet
                    : a.invitation_until
                      ? f.adminPending(formatDateTime(a.invitation_until))
                      : f.adminExpired
                }
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
