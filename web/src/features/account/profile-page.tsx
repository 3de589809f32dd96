import type { Image, Profile } from '@tamaq/contract/profile';
import { ROLE_LABELS } from '@tamaq/contract/roles';
import { Alert, App, Button, Card, Descriptions, Form, Input, Skeleton } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { rules } from './rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

const t = i18n.profile;
type Values = { name: string; image: Image | null };

/** docs/product.md "Profile and password" 'Профиль': the photo (click to upload a new one) and the full name. */
export function ProfilePage() {
  const { data, error, isPending } = useProfile();
  return (
    <Card title={t.title} style={{ maxWidth: 640, margin: '0 auto' }} data-testid="profile-page">
      {isPending ? (
        <Skeleton active avatar />
      ) : error ? (
        <Alert type="error" showIcon title={t.loadFailed} description={errorText(error)} />
      ) : (
        <ProfileForm profile={data} />
      )}
    </Card>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const update = useUpdateProfile();
  const { onFinish, submitting, alert } = useAlertSubmit(form, async ({ name, image }) => {
    await update({ name, image_id: image?.id ?? null });
    void message.success(t.saved);
  });
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 24 }}
        items={[
          { key: 'email', label: i18n.fields.email, children: profile.email ?? '—' },
          { key: 'role', label: t.role, children: ROLE_LABELS[profile.role] },
          ...(profile.organization ? [{ key: 'org', label: t.organization, children: profile.organization.name }] : []),
        ]}
      />
      <FormAlert text={alert} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: profile.name, image: profile.image }}
        onFinish={onFinish}
        data-testid="profile-form"
      >
        <Form.Item name="image" label={t.photo} extra={t.photoHint}>
          <ImageUpload size={112} />
        </Form.Item>
        <Form.Item name="name" label={i18n.fields.name} rules={rules.name} required>
          <Input autoComplete="name" maxLength={255} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {i18n.common.save}
        </Button>
      </Form>
    </>
  );
}
