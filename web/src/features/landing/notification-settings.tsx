import { DIGEST_TIME, type NotificationSettingsBody } from '@tamaq/contract/notifications';
import type { NotificationSettings as Settings } from '@tamaq/contract/notifications';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './api/child-notifications.ts';

const t = i18n.landing.children.notificationSettings;

interface Values {
  quiet: boolean;
  quiet_from: string;
  quiet_to: string;
  email_digest: boolean;
}

const FIELDS: (keyof Values)[] = ['quiet', 'quiet_from', 'quiet_to', 'email_digest'];

function SettingsForm({ s }: { s: Settings }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveNotificationSettings();
  const { message } = App.useApp();
  const quiet = Form.useWatch('quiet', form) ?? s.quiet_from !== null;
  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: Values) => {
      const body: NotificationSettingsBody = {
        quiet_from: v.quiet ? v.quiet_from : null,
        quiet_to: v.quiet ? v.quiet_to : null,
        email_digest: v.email_digest,
      };
      return save.mutateAsync(body);
    },
    {
      onSuccess: () => {
        form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
        void message.success(t.saved);
      },
    },
  );
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        quiet: s.quiet_from !== null,
        quiet_from: s.quiet_from ?? '21:00',
        quiet_to: s.quiet_to ?? '07:00',
        email_digest: s.email_digest,
      }}
      onFinish={onFinish}
      // A field the person changes loses the server's complaint about it.
      onValuesChange={(changed: Partial<Values>) =>
        form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))
      }
      data-testid="notification-settings-form"
    >
      <Form.Item name="email_digest" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t.digest(DIGEST_TIME)}</Checkbox>
      </Form.Item>
      <Form.Item name="quiet" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t.quiet}</Checkbox>
      </Form.Item>
      {quiet && (
        <Flex gap={12} wrap>
          <Form.Item name="quiet_from" label={t.from}>
            <Input inputMode="numeric" maxLength={5} placeholder={t.timePlaceholder} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="quiet_to" label={t.to}>
            <Input inputMode="numeric" maxLength={5} placeholder={t.timePlaceholder} style={{ width: 110 }} />
          </Form.Item>
        </Flex>
      )}
      <Typography.Paragraph type="secondary">{t.about}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t.save}
      </Button>
    </Form>
  );
}

/**
 * The parent's settings for every notice about their children (docs/rules.md "Notifications"): quiet
 * hours, in which nothing is sent and everything waits for their end, and letters as one daily digest.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  return (
    <Card title={t.title} data-testid="notification-settings">
      {settings.isError && !settings.data ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          action={<Button onClick={() => void settings.refetch()}>{i18n.landing.children.retry}</Button>}
        />
      ) : !settings.data ? (
        <Skeleton active paragraph={{ rows: 2 }} aria-label={i18n.ui.loading} />
      ) : (
        <SettingsForm s={settings.data} />
      )}
    </Card>
  );
}
