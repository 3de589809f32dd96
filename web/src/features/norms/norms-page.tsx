import { DeleteOutlined, DownOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { MEAL_MODES } from '@tamaq/contract/menus';
import { NORM_MEALS, NORM_NUTRIENTS, type NormNutrient, type NormSet, type NormSetCreate } from '@tamaq/contract/norms';
import { NUTRIENT_NAMES } from '@tamaq/contract/nutrients';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Dropdown,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { bilingual } from '../../i18n/bilingual.ts';
import { ApiError, errorText } from '../../lib/api-error.ts';
import { formatDate } from '../../lib/dates.ts';
import { nameText } from '../../ui/content-name.tsx';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { NameFields } from '../../ui/name-fields.tsx';
import { MenuRulesCard } from './menu-rules-card.tsx';
import { NormSetHistory } from './norm-set-history.tsx';
import {
  useAgeGroups,
  useChooseNormSet,
  useNormFromTemplate,
  useNormSets,
  useNormTemplates,
  useRemoveNormSet,
  useSaveNormSet,
} from './norms-api.ts';

const t = bilingual({
  ru: {
    title: 'Нормы питания',
    intro:
      'Суточная потребность и нормы приёмов пищи по возрастным группам, с актом, из которого они взяты. Меню школы сверяется с выбранным ею набором.',
    sets: 'Наборы норм',
    newSet: 'Новый набор',
    fromTemplate: 'Из поставляемого',
    name: 'Название',
    source: 'Источник',
    version: 'Версия',
    versionOf: (version: number, date: string, who: string | null) => `${version} от ${date}${who ? `, ${who}` : ''}`,
    schools: 'Школы',
    actions: 'Действия',
    edit: 'Изменить',
    history: 'Версии',
    remove: 'Удалить',
    removeQuestion: (name: string) => `Удалить набор «${name}»?`,
    removeHint: 'Меню, которые с ним сверялись, останутся; сверка пойдёт по набору, который выберет школа.',
    removed: 'Набор удалён',
    kazakh: 'Таблица РК 2025',
    notKazakh: 'не таблица РК 2025',
    empty: 'Наборов нет: создайте набор из поставляемого или введите утверждённые нормы региона',
    schoolNorms: 'Нормы школ',
    school: 'Школа',
    set: 'Набор норм',
    none: 'Не сверять',
    chosen: 'Набор школы сохранён',
    made: 'Набор создан',
    saved: 'Набор сохранён',
    noGroups: 'Нормы задаются для возрастных групп: сначала добавьте их в справочнике «Возрастные группы».',
    editTitle: (name: string) => `Набор норм: ${name}`,
    createTitle: 'Новый набор норм',
    sourceHint: 'Приказ, письмо или таблица, откуда взяты числа: кто утвердил и когда',
    kazakh2025: 'Это утверждённая таблица Казахстана 2025 года (стандарт питания)',
    tolerance: 'Допуск, %',
    toleranceHint: 'Значение в пределах стольких процентов от нормы считается в норме (соль и сахар — не выше)',
    shares: 'Доля приёма пищи в суточной потребности, %',
    sharesHint: 'Норма приёма пищи = суточная потребность × доля, если для него не задано своё число',
    day: 'Сутки',
    ownHint: 'Строка «Сутки» — суточная потребность; строка приёма пищи — его собственная норма, если акт её даёт',
    meal: 'Приём пищи',
    save: 'Сохранить',
    cancel: 'Отмена',
    salt: 'Соль, г',
    loadFailed: 'Не удалось загрузить нормы',
  },
  kk: {
    title: 'Тамақтану нормалары',
    intro:
      'Жас топтары бойынша тәуліктік қажеттілік және тамақтану нормалары, алынған актісімен. Мектеп мәзірі ол таңдаған жинақпен салыстырылады.',
    sets: 'Нормалар жинақтары',
    newSet: 'Жаңа жинақ',
    fromTemplate: 'Жеткізілетіннен',
    name: 'Атауы',
    source: 'Дереккөз',
    version: 'Нұсқа',
    versionOf: (version: number, date: string, who: string | null) =>
      `${date} күнгі ${version}-нұсқа${who ? `, ${who}` : ''}`,
    schools: 'Мектептер',
    actions: 'Әрекеттер',
    edit: 'Өзгерту',
    history: 'Нұсқалар',
    remove: 'Жою',
    removeQuestion: (name: string) => `«${name}» жинағын жою керек пе?`,
    removeHint: 'Онымен салыстырылған мәзірлер қалады; салыстыру мектеп таңдаған жинақ бойынша жүреді.',
    removed: 'Жинақ жойылды',
    kazakh: 'ҚР 2025 кестесі',
    notKazakh: 'ҚР 2025 кестесі емес',
    empty: 'Жинақтар жоқ: жеткізілетіннен жинақ жасаңыз немесе өңірдің бекітілген нормаларын енгізіңіз',
    schoolNorms: 'Мектептердің нормалары',
    school: 'Мектеп',
    set: 'Нормалар жинағы',
    none: 'Салыстырмау',
    chosen: 'Мектептің жинағы сақталды',
    made: 'Жинақ жасалды',
    saved: 'Жинақ сақталды',
    noGroups: 'Нормалар жас топтарына беріледі: алдымен оларды «Жас топтары» анықтамалығына қосыңыз.',
    editTitle: (name: string) => `Нормалар жинағы: ${name}`,
    createTitle: 'Жаңа нормалар жинағы',
    sourceHint: 'Сандар алынған бұйрық, хат немесе кесте: кім және қашан бекітті',
    kazakh2025: 'Бұл Қазақстанның 2025 жылғы бекітілген кестесі (тамақтану стандарты)',
    tolerance: 'Рұқсат етілген ауытқу, %',
    toleranceHint: 'Нормадан осынша пайыз шегіндегі мән нормада саналады (тұз бен қант — жоғары емес)',
    shares: 'Тамақтанудың тәуліктік қажеттіліктегі үлесі, %',
    sharesHint: 'Тамақтану нормасы = тәуліктік қажеттілік × үлес, егер оған өз саны берілмесе',
    day: 'Тәулік',
    ownHint: '«Тәулік» жолы — тәуліктік қажеттілік; тамақтану жолы — акт берсе, оның өз нормасы',
    meal: 'Тамақтану',
    save: 'Сақтау',
    cancel: 'Бас тарту',
    salt: 'Тұз, г',
    loadFailed: 'Нормаларды жүктеу мүмкін болмады',
  },
});

const mealName = (m: number) => MEAL_MODES[m as keyof typeof MEAL_MODES] ?? String(m);
const nutrientTitle = (n: NormNutrient) => (n === 'saltG' ? t.salt : NUTRIENT_NAMES[n]);
const percent = (v: string) => v.replace(/\.?0+$/, '').replace('.', ',');

type RowValues = { age_group_id: number; meal: number | null; values: Record<NormNutrient, string> };
interface Values {
  name: string;
  name_kk: string;
  source: string;
  kazakh_2025: boolean;
  tolerance_pct: string;
  shares: { meal: number; share_pct: string }[];
  rows: RowValues[];
}

const text = (v: string | null | undefined) => (v ? v.replace('.', ',') : '');

/** The form of a set: each meal's share, and a grid of values per age group, the day's row first. */
function valuesOf(set: NormSet | null, groups: { id: number }[]): Values {
  const row = (groupId: number, meal: number | null): RowValues => {
    const found = set?.rows.find((r) => r.age_group_id === groupId && r.meal === meal);
    return {
      age_group_id: groupId,
      meal,
      values: Object.fromEntries(NORM_NUTRIENTS.map((n) => [n, text(found?.values[n])])) as Record<
        NormNutrient,
        string
      >,
    };
  };
  return {
    name: set?.name_ru ?? '',
    name_kk: set?.name_kk ?? '',
    source: set?.source ?? '',
    kazakh_2025: set?.kazakh_2025 ?? false,
    tolerance_pct: set ? text(percent(set.tolerance_pct)) : '10',
    shares: NORM_MEALS.map((meal) => ({
      meal,
      share_pct: text(set?.shares.find((s) => s.meal === meal)?.share_pct.replace(/\.?0+$/, '')),
    })),
    rows: groups.flatMap((g) => [row(g.id, null), ...NORM_MEALS.map((m) => row(g.id, m))]),
  };
}

/** The set's editor: names, source, tolerance, shares and each age group's values. */
function NormSetEditor({ set, onClose }: { set: NormSet | null; onClose: () => void }) {
  const groups = useAgeGroups();
  const save = useSaveNormSet();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const list = groups.data?.rows ?? [];
  const { onFinish, submitting } = useFormSubmit<Values, unknown>(form, async (v) => {
    // The form gives back only its fields' values: the meals and groups come from where the fields stand.
    // Only the meals with a share are sent: the server's `shares.1` is the form's entry of that meal.
    const sent = NORM_MEALS.map((meal, i) => ({ meal, share_pct: v.shares?.[i]?.share_pct ?? '', i })).filter(
      (s) => s.share_pct.trim() !== '',
    );
    const rows = list.flatMap((g, gi) =>
      [null, ...NORM_MEALS].map((meal, mi) => ({
        age_group_id: g.id,
        meal,
        values: v.rows?.[gi * (NORM_MEALS.length + 1) + mi]?.values ?? {},
      })),
    );
    const body: NormSetCreate = {
      name: v.name || null,
      name_kk: v.name_kk || null,
      source: v.source,
      kazakh_2025: v.kazakh_2025,
      tolerance_pct: v.tolerance_pct,
      shares: sent.map((s) => ({ meal: s.meal, share_pct: s.share_pct })) as NormSetCreate['shares'],
      rows: rows as unknown as NormSetCreate['rows'],
    };
    try {
      await save.mutateAsync(set ? { ...body, id: set.id } : body);
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors) {
        err.validationErrors = Object.fromEntries(
          Object.entries(err.validationErrors).map(([field, messages]) => [
            field.replace(/^shares\.(\d+)/, (_, n: string) => `shares.${sent[Number(n)]?.i ?? n}`),
            messages,
          ]),
        );
      }
      throw err;
    }
    void message.success(set ? t.saved : t.made);
    onClose();
  });
  return (
    <Modal
      open
      width={1100}
      title={set ? t.editTitle(nameText(set)) : t.createTitle}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t.cancel}
        </Button>,
        <Button key="save" type="primary" loading={submitting} onClick={() => form.submit()}>
          {t.save}
        </Button>,
      ]}
      destroyOnHidden
    >
      {!groups.data ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={valuesOf(set, list)}
          onFinish={onFinish}
          data-testid="norm-set-form"
        >
          <NameFields max={255} />
          <Form.Item
            name="source"
            label={t.source}
            extra={t.sourceHint}
            rules={[{ required: true, message: t.sourceHint }]}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="kazakh_2025" valuePropName="checked">
            <Checkbox>{t.kazakh2025}</Checkbox>
          </Form.Item>
          <Form.Item name="tolerance_pct" label={t.tolerance} extra={t.toleranceHint} style={{ maxWidth: 320 }}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Typography.Title level={4} style={{ fontSize: 15 }}>
            {t.shares}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t.sharesHint}</Typography.Paragraph>
          <Space wrap>
            {NORM_MEALS.map((meal, i) => (
              <Form.Item key={meal} name={['shares', i, 'share_pct']} label={mealName(meal)} style={{ width: 150 }}>
                <Input inputMode="decimal" aria-label={`${t.shares}: ${mealName(meal)}`} />
              </Form.Item>
            ))}
          </Space>
          {list.length === 0 ? (
            <Alert type="info" showIcon title={t.noGroups} />
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t.ownHint}</Typography.Paragraph>
              <Tabs
                items={list.map((g, gi) => ({
                  key: String(g.id),
                  label: nameText(g),
                  forceRender: true,
                  children: (
                    <table className="tq-norm-grid" data-testid={`norm-grid-${g.id}`}>
                      <thead>
                        <tr>
                          <th scope="col">{t.meal}</th>
                          {NORM_NUTRIENTS.map((n) => (
                            <th key={n} scope="col">
                              {nutrientTitle(n)}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {[null, ...NORM_MEALS].map((meal, mi) => {
                          const index = gi * (NORM_MEALS.length + 1) + mi;
                          const label = meal === null ? t.day : mealName(meal);
                          return (
                            <tr key={meal ?? 0}>
                              <th scope="row">{label}</th>
                              {NORM_NUTRIENTS.map((n) => (
                                <td key={n}>
                                  <Form.Item name={['rows', index, 'values', n]} style={{ margin: 0 }}>
                                    <Input
                                      inputMode="decimal"
                                      aria-label={`${nameText(g)}, ${label}: ${nutrientTitle(n)}`}
                                    />
                                  </Form.Item>
                                </td>
                              ))}
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  ),
                }))}
              />
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** '/norms': the organization's norm sets, made from a shipped one or entered; and each school's choice. */
export function NormsPage() {
  const sets = useNormSets();
  const templates = useNormTemplates();
  const fromTemplate = useNormFromTemplate();
  const remove = useRemoveNormSet();
  const choose = useChooseNormSet();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<NormSet | 'new' | null>(null);
  const [history, setHistory] = useState<NormSet | null>(null);

  if (sets.isError) return <Alert type="error" showIcon title={t.loadFailed} description={errorText(sets.error)} />;
  const data = sets.data;
  const confirmRemove = (set: NormSet) =>
    modal.confirm({
      title: t.removeQuestion(nameText(set)),
      content: t.removeHint,
      okText: t.remove,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await remove.mutateAsync(set.id);
          void message.success(t.removed);
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });
  return (
    <div data-testid="norms-page">
      <style>{CSS}</style>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Card
        title={t.sets}
        extra={
          <Space wrap>
            <Dropdown
              trigger={['click']}
              menu={{
                items: (templates.data?.rows ?? []).map((tp) => ({ key: tp.code, label: nameText(tp) })),
                onClick: async ({ key }) => {
                  try {
                    await fromTemplate.mutateAsync(key);
                    void message.success(t.made);
                  } catch (err) {
                    void message.error(errorText(err));
                  }
                },
              }}
            >
              <Button loading={fromTemplate.isPending}>
                {t.fromTemplate} <DownOutlined />
              </Button>
            </Dropdown>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t.newSet}
            </Button>
          </Space>
        }
      >
        <Table<NormSet>
          rowKey="id"
          size="small"
          loading={!data}
          pagination={false}
          dataSource={data?.rows ?? []}
          locale={{ emptyText: t.empty }}
          data-testid="norm-sets"
          columns={[
            {
              key: 'name',
              title: t.name,
              render: (_, set) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{nameText(set)}</Typography.Text>
                  {set.kazakh_2025 ? <Tag color="green">{t.kazakh}</Tag> : <Tag>{t.notKazakh}</Tag>}
                </Space>
              ),
            },
            {
              key: 'source',
              title: t.source,
              render: (_, set) => <Typography.Text type="secondary">{set.source}</Typography.Text>,
            },
            {
              key: 'version',
              title: t.version,
              width: 200,
              render: (_, set) => t.versionOf(set.version, formatDate(set.updated_at), set.updated_by),
            },
            {
              key: 'schools',
              title: t.schools,
              render: (_, set) => set.schools.map((s) => nameText(s)).join(', '),
            },
            {
              key: 'actions',
              title: t.actions,
              width: 160,
              render: (_, set) => (
                <Space>
                  <Button
                    icon={<EditOutlined />}
                    aria-label={`${t.edit}: ${nameText(set)}`}
                    onClick={() => setEditing(set)}
                  />
                  <Button
                    icon={<HistoryOutlined />}
                    aria-label={`${t.history}: ${nameText(set)}`}
                    title={t.history}
                    onClick={() => setHistory(set)}
                  />
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t.remove}: ${nameText(set)}`}
                    onClick={() => confirmRemove(set)}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t.schoolNorms} style={{ marginTop: 16 }}>
        <Table
          rowKey="id"
          size="small"
          loading={!data}
          pagination={false}
          dataSource={data?.schools ?? []}
          data-testid="school-norms"
          columns={[
            { key: 'school', title: t.school, render: (_, s) => nameText(s) },
            {
              key: 'set',
              title: t.set,
              render: (_, s) => (
                <Select
                  aria-label={`${t.set}: ${nameText(s)}`}
                  style={{ minWidth: 320 }}
                  value={s.norm_set_id ?? 0}
                  options={[
                    { value: 0, label: t.none },
                    ...(data?.rows ?? []).map((set) => ({ value: set.id, label: nameText(set) })),
                  ]}
                  onChange={async (id: number) => {
                    try {
                      await choose.mutateAsync({ school_id: s.id, norm_set_id: id || null });
                      void message.success(t.chosen);
                    } catch (err) {
                      void message.error(errorText(err));
                    }
                  }}
                />
              ),
            },
          ]}
        />
      </Card>
      <MenuRulesCard />
      {history && <NormSetHistory set={history} onClose={() => setHistory(null)} />}
      {editing && <NormSetEditor set={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

const CSS = `
.tq-norm-grid { border-collapse: collapse; width: 100%; }
.tq-norm-grid th, .tq-norm-grid td { border: 1px solid #f0f0f0; padding: 4px 6px; text-align: left; }
.tq-norm-grid thead th { font-weight: 500; font-size: 13px; }
.tq-norm-grid td { min-width: 90px; }
`;
