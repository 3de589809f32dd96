import { MENU_SEASONS } from '@tamaq/contract/menus';
import { nameText } from '../../ui/content-name.tsx';
import { ACTIVATION_MESSAGES, ACTIVATION_TYPES, type ActivationType } from '@tamaq/contract/menu-activations';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Breadcrumb, Button, Card, DatePicker, Form, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { toApiDate } from '../../lib/dates.ts';
import { useSession } from '../../lib/use-session.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { enterKeepsForm } from '../../ui/enter-keeps-form.ts';
import { useUnsavedGuard } from '../../ui/use-unsaved-guard.ts';
import { useActivate } from './activations-api.ts';
import { menusResource } from './menus-resource.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const t = i18n.food.activations;
const a = i18n.catalogs.actions;

interface Values {
  school_id: number | null;
  menu_id: number | null;
  type: ActivationType | null;
  date: Dayjs | null;
}

/**
 * /menu/activate (docs/product.md): breadcrumb Activated menus > Activation; school (none to pick for a user
 * locked to one), menu (each with its days, shown once loaded), type and the first day. Back to the
 * list after activating.
 */
export function MenuActivatePage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const locked = useSession()?.school ?? null;
  const menus = useQuery({
    queryKey: [...menusResource.key, 'options'],
    queryFn: ({ signal }) => callEndpoint('menus', 'list', { query: { limit: 1000 } }, { signal }),
  });
  const activate = useActivate();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: Values) =>
      activate.mutateAsync({
        school_id: locked ?? v.school_id ?? 0,
        menu_id: v.menu_id ?? 0,
        type: v.type ?? ('' as ActivationType),
        date: toApiDate(v.date),
      }),
    {
      fallbackField: 'menu_id',
      onSuccess: () => {
        void message.success(t.activated);
        guard.release();
        void navigate('/activated/menus');
      },
    },
  );
  const options = (menus.data?.rows ?? []).map((m) => ({
    value: m.id,
    label: t.menuOption(
      nameText(m),
      [i18n.food.menus.daysOf(m.days), ...(m.season ? [MENU_SEASONS[m.season]] : [])].join(', '),
    ),
  }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: <Link to="/activated/menus">{t.title}</Link> }, { title: t.newTitle }]} />
      <Card title={t.newTitle} style={{ maxWidth: 640 }} data-testid="menu-activate-page">
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ school_id: null, menu_id: null, type: 'paid_food', date: dayjs() }}
          onFinish={onFinish}
          // The picker choosing the first school by itself is not a change of the user's.
          onValuesChange={(changed: Partial<Values>) => {
            if (!('school_id' in changed) || form.isFieldTouched('school_id')) setDirty(true);
          }}
          data-testid="menu-activate"
        >
          {locked === null && (
            <Form.Item
              name="school_id"
              label={t.school}
              rules={[{ required: true, message: ACTIVATION_MESSAGES.schoolNotFound }]}
              required
            >
              <SchoolSelect value={undefined} onChange={() => undefined} />
            </Form.Item>
          )}
          {menus.isPending ? null : menus.error ? (
            <Alert type="error" showIcon title={t.noMenus} style={{ marginBottom: 24 }} />
          ) : (
            <Form.Item name="menu_id" label={t.menu} rules={[{ required: true, message: t.chooseMenu }]} required>
              <Select
                aria-label={t.menu}
                placeholder={options.length ? t.chooseMenu : t.noMenus}
                options={options}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="menu-select"
              />
            </Form.Item>
          )}
          <Form.Item name="type" label={t.type} extra={t.typeHint} rules={[{ required: true, message: t.chooseType }]}>
            <Radio.Group
              options={ACTIVATION_TYPES.map((type) => ({ value: type, label: t.types[type] }))}
              optionType="button"
            />
          </Form.Item>
          <Form.Item name="date" label={t.date} extra={t.dateHint} rules={[{ required: true, message: t.chooseDate }]}>
            <DatePicker
              format="DD.MM.YYYY"
              aria-label={t.date}
              placeholder={t.chooseDate}
              style={{ width: 180 }}
              onKeyDown={enterKeepsForm}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t.activate}
            </Button>
            <LinkButton to="/activated/menus">{a.cancel}</LinkButton>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
