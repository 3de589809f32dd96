import { EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { COOKING_METHOD_NAMES } from '@tamaq/contract/dish-figures';
import { FOOD_MESSAGES, HEATED_METHODS, LOSS_NUTRIENTS, type CookingLosses } from '@tamaq/contract/foods';
import { NUTRIENT_NAMES } from '@tamaq/contract/nutrients';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { useCookingLosses, useSetCookingLoss } from './foods-api.ts';

const t = bilingual({
  ru: {
    title: 'Потери при тепловой обработке',
    intro:
      'Сколько процентов вещества теряет продукт при способе обработки: по этим числам считаются блюда всех технологических карт. Поставляемые — средние по сообщениям; своё число с источником заменяет поставляемое для вашей организации.',
    add: 'Своя потеря',
    method: 'Способ',
    nutrient: 'Вещество',
    loss: 'Потеря, %',
    source: 'Источник',
    sourceHint: 'Сборник, таблица или письмо, откуда взято число',
    own: 'своя',
    shipped: (pct: string) => `поставляемая: ${pct} %`,
    actions: 'Действия',
    edit: 'Изменить',
    reset: 'Вернуть поставляемую',
    resetDone: 'Поставляемая потеря возвращена',
    saved: 'Потеря сохранена: карты пересчитаны',
    editTitle: 'Потеря при обработке',
    save: 'Сохранить',
    cancel: 'Отмена',
    loadFailed: 'Не удалось загрузить потери',
  },
  kk: {
    title: 'Жылумен өңдеу кезіндегі шығындар',
    intro:
      'Өнім өңдеу тәсілінде заттың неше пайызын жоғалтады: барлық технологиялық карталардың тағамдары осы сандармен есептеледі. Жеткізілетіндері — хабарламалар бойынша орташа; дереккөзі бар өз саныңыз ұйымыңыз үшін жеткізілетінін алмастырады.',
    add: 'Өз шығыны',
    method: 'Тәсілі',
    nutrient: 'Зат',
    loss: 'Шығын, %',
    source: 'Дереккөз',
    sourceHint: 'Сан алынған жинақ, кесте немесе хат',
    own: 'өз',
    shipped: (pct: string) => `жеткізілетін: ${pct} %`,
    actions: 'Әрекеттер',
    edit: 'Өзгерту',
    reset: 'Жеткізілетінін қайтару',
    resetDone: 'Жеткізілетін шығын қайтарылды',
    saved: 'Шығын сақталды: карталар қайта есептелді',
    editTitle: 'Өңдеу кезіндегі шығын',
    save: 'Сақтау',
    cancel: 'Бас тарту',
    loadFailed: 'Шығындарды жүктеу мүмкін болмады',
  },
});

type Row = CookingLosses['rows'][number];
type Values = { method: string; nutrient: string; loss_pct: string; source: string };

const percent = (v: string) =>
  v
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .replace('.', ',');
const methodName = (m: string) => COOKING_METHOD_NAMES[m as keyof typeof COOKING_METHOD_NAMES] ?? m;
const nutrientName = (n: string) => NUTRIENT_NAMES[n as keyof typeof NUTRIENT_NAMES] ?? n;

/** The form of an own loss: a method and nutrient (fixed when a row is edited), the loss and its source. */
function LossEditor({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const save = useSetCookingLoss();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { onFinish, submitting } = useFormSubmit(form, async (v: Values) => {
    await save.mutateAsync({
      method: v.method as (typeof HEATED_METHODS)[number],
      nutrient: v.nutrient as (typeof LOSS_NUTRIENTS)[number],
      loss_pct: v.loss_pct,
      source: v.source,
    });
    void message.success(t.saved);
    onClose();
  });
  return (
    <Modal
      open
      title={t.editTitle}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t.cancel}
        </Button>,
        <Button key="save" type="primary" loading={submitting} onClick={() => form.submit()}>
          {t.save}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="loss-form"
        initialValues={{
          method: row?.method ?? 'boiling',
          nutrient: row?.nutrient ?? 'vitaminCMg',
          loss_pct: row ? percent(row.loss_pct) : '',
          source: row?.own ? row.source : '',
        }}
        onFinish={onFinish}
      >
        <Space wrap>
          <Form.Item name="method" label={t.method}>
            <Select
              aria-label={t.method}
              disabled={row !== null}
              style={{ width: 220 }}
              options={HEATED_METHODS.map((m) => ({ value: m, label: methodName(m) }))}
            />
          </Form.Item>
          <Form.Item name="nutrient" label={t.nutrient}>
            <Select
              aria-label={t.nutrient}
              disabled={row !== null}
              style={{ width: 240 }}
              options={LOSS_NUTRIENTS.map((n) => ({ value: n, label: nutrientName(n) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="loss_pct" label={t.loss} rules={[{ required: true, message: FOOD_MESSAGES.loss }]}>
          <Input inputMode="decimal" style={{ width: 140 }} autoFocus />
        </Form.Item>
        <Form.Item
          name="source"
          label={t.source}
          extra={t.sourceHint}
          rules={[{ required: true, whitespace: true, message: FOOD_MESSAGES.lossSource }]}
        >
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The losses of each heated method, shipped or the organization's own, on '/foods' (docs/rules.md "Technological cards and a dish's figures"). */
export function CookingLossesCard() {
  const losses = useCookingLosses();
  const save = useSetCookingLoss();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const reset = async (row: Row) => {
    try {
      await save.mutateAsync({
        method: row.method as (typeof HEATED_METHODS)[number],
        nutrient: row.nutrient as (typeof LOSS_NUTRIENTS)[number],
        loss_pct: null,
      });
      void message.success(t.resetDone);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return (
    <Card
      title={t.title}
      style={{ marginTop: 16 }}
      data-testid="cooking-losses"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t.add}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {losses.isError ? (
        <Alert type="error" showIcon title={t.loadFailed} description={errorText(losses.error)} />
      ) : (
        <Table<Row>
          size="small"
          rowKey={(r) => `${r.method}:${r.nutrient}`}
          loading={!losses.data}
          dataSource={losses.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 700 }}
          columns={[
            { key: 'method', title: t.method, render: (_, r) => methodName(r.method) },
            { key: 'nutrient', title: t.nutrient, render: (_, r) => nutrientName(r.nutrient) },
            {
              key: 'loss',
              title: t.loss,
              align: 'right',
              width: 100,
              render: (_, r) => <span data-testid="loss-pct">{percent(r.loss_pct)}</span>,
            },
            {
              key: 'source',
              title: t.source,
              render: (_, r) => (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.own && <Tag color="green">{t.own}</Tag>}
                  {r.source}
                  {r.shipped && ` (${t.shipped(percent(r.shipped.loss_pct))})`}
                </Typography.Text>
              ),
            },
            {
              key: 'actions',
              title: t.actions,
              width: 110,
              render: (_, r) => (
                <Space size={0}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`${t.edit}: ${methodName(r.method)}, ${nutrientName(r.nutrient)}`}
                    title={t.edit}
                    onClick={() => setEditing(r)}
                  />
                  {r.own && (
                    <Button
                      type="text"
                      icon={<UndoOutlined />}
                      aria-label={`${t.reset}: ${methodName(r.method)}, ${nutrientName(r.nutrient)}`}
                      title={t.reset}
                      onClick={() => void reset(r)}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && <LossEditor row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
