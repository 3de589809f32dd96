import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { SchoolSettings } from '@tamaq/contract/schools';
import { Alert, Breadcrumb, Button, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { schoolsResource } from './schools-resource.ts';
import { useSchoolSettings } from './api/get-school-settings.ts';

const s = i18n.structure.settings;
const show = (v: string | number | null) => (v === null || v === '' ? s.empty : String(v));

/** docs/product.md "Schools": the turnstile connection of a school, read-only; the password hidden until asked. */
export function SchoolSettingsPage() {
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const words = useStructureWords();
  const school = schoolsResource.useOne(id);
  const settings = useSchoolSettings(id);
  const failed = id === null ? i18n.structure.notFound : settings.error ? errorText(settings.error) : null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[
          { title: <Link to="/schools">{words.schools}</Link> },
          ...(school.data ? [{ title: <Link to={`/school/${school.data.id}`}>{school.data.name}</Link> }] : []),
          { title: s.title },
        ]}
      />
      <Card
        title={school.data ? `${s.title}: ${school.data.name}` : s.title}
        style={{ maxWidth: 720 }}
        data-testid="school-settings-page"
      >
        {failed ? (
          <Alert type="error" showIcon title={failed} />
        ) : settings.data ? (
          <SettingsView settings={settings.data} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Space>
  );
}

export function SettingsView({ settings }: { settings: SchoolSettings }) {
  const [shown, setShown] = useState(false);
  const configured = Object.values(settings).some((v) => v !== null && v !== '');
  return (
    <>
      <Typography.Paragraph type="secondary">{s.hint}</Typography.Paragraph>
      {!configured && <Alert type="info" showIcon title={s.notConfigured} style={{ marginBottom: 16 }} />}
      <Descriptions
        bordered
        column={1}
        size="middle"
        styles={{ label: { width: 220 } }}
        items={[
          { key: 'server', label: s.server, children: show(settings.server) },
          { key: 'port', label: s.port, children: show(settings.port) },
          { key: 'database', label: s.database, children: show(settings.database) },
          { key: 'user', label: s.user, children: show(settings.user) },
          {
            key: 'password',
            label: s.password,
            children: settings.password ? (
              <Space>
                <Typography.Text code data-testid="settings-password">
                  {shown ? settings.password : '••••••••'}
                </Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                  aria-label={shown ? s.hidePassword : s.showPassword}
                  title={shown ? s.hidePassword : s.showPassword}
                  onClick={() => setShown((v) => !v)}
                />
              </Space>
            ) : (
              s.empty
            ),
          },
        ]}
      />
    </>
  );
}
