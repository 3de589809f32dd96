import { ALLERGEN_NAMES, ALLERGENS, DIET_NAMES, DIETS } from '@tamaq/contract/allergens';
import type { ChildRestrictions as Restrictions, RestrictionsBody } from '@tamaq/contract/family';
import { RESTRICTION_NOTE_MAX } from '@tamaq/contract/family';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { useChildRestrictions, useSetChildRestrictions } from './api/child-restrictions.ts';

const t = i18n.landing.children.restrictions;

function Summary({ r, timeZone }: { r: Restrictions; timeZone: string }) {
  const names = [...r.allergens.map((a) => ALLERGEN_NAMES[a]), ...r.diets.map((d) => DIET_NAMES[d])];
  return (
    <Flex vertical gap={4} data-testid="child-restrictions-summary">
      {names.length === 0 && !r.note ? (
        <Typography.Text type="secondary">{t.none}</Typography.Text>
      ) : (
        <div>
          {names.map((n) => (
            <Tag key={n} color="red" style={{ marginBottom: 4, whiteSpace: 'normal' }}>
              {n}
            </Tag>
          ))}
        </div>
      )}
      {r.note && <Typography.Text>«{r.note}»</Typography.Text>}
      {r.set_at && (
        <Typography.Text type="secondary">
          {t.setBy(r.set_by ?? '—', formatVisitTime(r.set_at, timeZone))}
        </Typography.Text>
      )}
      {r.set_at && (
        <Typography.Text type={r.confirmed ? 'success' : 'secondary'}>
          {r.confirmed ? t.confirmed(r.confirmed.by, formatVisitTime(r.confirmed.at, timeZone)) : t.unconfirmed}
        </Typography.Text>
      )}
    </Flex>
  );
}

function RestrictionsForm({ childId, r, onDone }: { childId: number; r: Restrictions; onDone: () => void }) {
  const [form] = Form.useForm<RestrictionsBody>();
  const save = useSetChildRestrictions(childId);
  const { message } = App.useApp();
  const { onFinish, submitting } = useFormSubmit(form, (v: RestrictionsBody) => save.mutateAsync(v), {
    onSuccess: () => {
      void message.success(t.saved);
      onDone();
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ allergens: r.allergens, diets: r.diets, note: r.note ?? '' }}
      onFinish={onFinish}
      data-testid="child-restrictions-form"
    >
      <Form.Item name="allergens" label={t.allergens}>
        <Checkbox.Group
          style={{ display: 'grid', gap: 6 }}
          options={ALLERGENS.map((a) => ({ value: a, label: ALLERGEN_NAMES[a] }))}
        />
      </Form.Item>
      <Form.Item name="diets" label={t.diets}>
        <Checkbox.Group
          style={{ display: 'grid', gap: 6 }}
          options={DIETS.map((d) => ({ value: d, label: DIET_NAMES[d] }))}
        />
      </Form.Item>
      <Form.Item name="note" label={t.note}>
        <Input.TextArea rows={3} maxLength={RESTRICTION_NOTE_MAX} showCount placeholder={t.notePlaceholder} />
      </Form.Item>
      {r.confirmed && <Alert type="warning" showIcon message={t.changeClears} style={{ marginBottom: 12 }} />}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t.save}
        </Button>
        <Button onClick={onDone} disabled={submitting}>
          {t.cancel}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The child's food restrictions as the parent sets them (docs/rules.md "Restrictions and
 * allergens"): allergens of the label law's list, diets and a note; who set them and whether the
 * school confirmed them by a medical certificate.
 */
export function ChildRestrictions({ childId, timeZone }: { childId: number; timeZone: string }) {
  const restrictions = useChildRestrictions(childId);
  const [editing, setEditing] = useState(false);
  const r = restrictions.data;
  const empty = r && r.allergens.length === 0 && r.diets.length === 0 && !r.note;
  return (
    <section aria-label={t.title} data-testid="child-restrictions" style={{ marginTop: 16 }}>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t.title}
        </Typography.Title>
        {r && !editing && <Button onClick={() => setEditing(true)}>{empty ? t.set : t.edit}</Button>}
      </Flex>
      {restrictions.isError && !r ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          action={<Button onClick={() => void restrictions.refetch()}>{i18n.landing.children.retry}</Button>}
        />
      ) : !r ? (
        <Skeleton active paragraph={{ rows: 1 }} aria-label={i18n.ui.loading} />
      ) : editing ? (
        <RestrictionsForm childId={childId} r={r} onDone={() => setEditing(false)} />
      ) : (
        <Summary r={r} timeZone={timeZone} />
      )}
    </section>
  );
}
