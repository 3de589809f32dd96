import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuRulesAnswer, MenuRulesInput } from '@tamaq/contract/menu-rules';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate } from '../../lib/dates.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { useMenuRules, useSaveMenuRules } from './norms-api.ts';

const t = bilingual({
  ru: {
    title: 'Правила меню',
    intro:
      'Что стандарт питания 2025 года требует от меню, кроме норм (по сообщениям; проверьте по приказу). Каждое правило можно выключить.',
    shipped: 'Поставляемые правила: организация их не меняла',
    changed: (date: string, who: string | null) => `Изменены ${date}${who ? `, ${who}` : ''}`,
    repeat: 'Повтор блюда не раньше чем через, школьных дней',
    exempt: 'Кроме блюд, в названии которых есть',
    salt: 'Соли в готовом блюде не больше, г на 100 г',
    sugar: 'Добавленного сахара в готовом блюде не больше, г на 100 г',
    fried: 'Без жареных блюд (способ приготовления в карте — жарка)',
    excluded: 'Исключённые продукты и блюда: слова или их начала в названии блюда или продуктов карты',
    weekly: 'Недельные правила: не реже чем столько дней в неделю из пяти',
    weeklyName: 'Что',
    weeklyWords: 'Слова в названиях',
    weeklyTimes: 'Дней в неделю',
    addWeekly: 'Добавить недельное правило',
    removeWeekly: 'Убрать недельное правило',
    typeWords: 'Введите слово и нажмите Enter',
    save: 'Сохранить правила',
    saved: 'Правила меню сохранены',
    loadFailed: 'Не удалось загрузить правила меню',
    on: 'Правило включено',
  },
  kk: {
    title: 'Мәзір ережелері',
    intro:
      '2025 жылғы тамақтану стандарты мәзірден нормалардан басқа не талап етеді (хабарламалар бойынша; бұйрықпен тексеріңіз). Әр ережені өшіруге болады.',
    shipped: 'Жеткізілетін ережелер: ұйым оларды өзгертпеген',
    changed: (date: string, who: string | null) => `${date} өзгертілді${who ? `, ${who}` : ''}`,
    repeat: 'Тағамды қайталау, кемінде осынша мектеп күнінен кейін',
    exempt: 'Атауында мына сөз бар тағамдардан басқа',
    salt: 'Дайын тағамдағы тұз, 100 г-ға г, аспайды',
    sugar: 'Дайын тағамға қосылған қант, 100 г-ға г, аспайды',
    fried: 'Қуырылған тағамсыз (картадағы әзірлеу тәсілі — қуыру)',
    excluded: 'Алынып тасталған өнімдер мен тағамдар: тағам немесе карта өнімдері атауындағы сөздер не олардың басы',
    weekly: 'Апталық ережелер: бес күннің кемінде осынша күні',
    weeklyName: 'Не',
    weeklyWords: 'Атаулардағы сөздер',
    weeklyTimes: 'Аптадағы күндер',
    addWeekly: 'Апталық ереже қосу',
    removeWeekly: 'Апталық ережені алып тастау',
    typeWords: 'Сөзді жазып, Enter басыңыз',
    save: 'Ережелерді сақтау',
    saved: 'Мәзір ережелері сақталды',
    loadFailed: 'Мәзір ережелерін жүктеу мүмкін болмады',
    on: 'Ереже қосулы',
  },
});

type Values = MenuRulesInput;
const valuesOf = (rules: MenuRulesAnswer): Values => ({
  repeat: rules.repeat,
  salt: { ...rules.salt, limit_g: rules.salt.limit_g.replace('.', ',') },
  sugar: { ...rules.sugar, limit_g: rules.sugar.limit_g.replace('.', ',') },
  fried: rules.fried,
  excluded: rules.excluded,
  weekly: rules.weekly,
});

const Words = ({ label, ...props }: { label: string; value?: string[]; onChange?: (v: string[]) => void }) => (
  <Select mode="tags" aria-label={label} placeholder={t.typeWords} open={false} tokenSeparators={[',']} {...props} />
);

/** The organization's menu rules (docs/rules.md "The menu's rules"), each switchable, on the norms' screen. */
export function MenuRulesCard() {
  const rules = useMenuRules();
  const save = useSaveMenuRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { onFinish, submitting } = useFormSubmit<Values, unknown>(form, async (v) => {
    const saved = await save.mutateAsync({ ...v, weekly: v.weekly ?? [] });
    form.setFieldsValue(valuesOf(saved));
    void message.success(t.saved);
  });
  const switchOf = (name: string, label: string) => (
    <Form.Item name={[name, 'enabled']} valuePropName="checked" noStyle>
      <Switch aria-label={`${label}: ${t.on}`} />
    </Form.Item>
  );
  return (
    <Card title={t.title} style={{ marginTop: 16 }} data-testid="menu-rules">
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {rules.isError && <Alert type="error" showIcon title={t.loadFailed} description={errorText(rules.error)} />}
      {!rules.data ? (
        !rules.isError && <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={valuesOf(rules.data)}
          onFinish={onFinish}
          data-testid="menu-rules-form"
        >
          <Typography.Paragraph type="secondary">
            {rules.data.updated_at ? t.changed(formatDate(rules.data.updated_at), rules.data.updated_by) : t.shipped}
          </Typography.Paragraph>
          <Space align="start" wrap>
            {switchOf('repeat', t.repeat)}
            <Form.Item name={['repeat', 'days']} label={t.repeat} style={{ width: 340 }}>
              <InputNumber min={1} max={20} precision={0} aria-label={t.repeat} />
            </Form.Item>
            <Form.Item name={['repeat', 'exempt']} label={t.exempt} style={{ minWidth: 360 }}>
              <Words label={t.exempt} />
            </Form.Item>
          </Space>
          <Space align="start" wrap>
            {switchOf('salt', t.salt)}
            <Form.Item name={['salt', 'limit_g']} label={t.salt} style={{ width: 340 }}>
              <Input inputMode="decimal" />
            </Form.Item>
            {switchOf('sugar', t.sugar)}
            <Form.Item name={['sugar', 'limit_g']} label={t.sugar} style={{ width: 340 }}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
          <Space align="center" style={{ marginBottom: 16 }}>
            {switchOf('fried', t.fried)}
            <Typography.Text>{t.fried}</Typography.Text>
          </Space>
          <Space align="start" style={{ display: 'flex' }}>
            {switchOf('excluded', t.excluded)}
            <Form.Item name={['excluded', 'words']} label={t.excluded} style={{ flex: 1, minWidth: 400 }}>
              <Words label={t.excluded} />
            </Form.Item>
          </Space>
          <Typography.Text strong>{t.weekly}</Typography.Text>
          <Form.List name="weekly">
            {(fields, { add, remove }) => (
              <div style={{ marginTop: 8 }}>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item name={[field.name, 'enabled']} valuePropName="checked">
                      <Switch aria-label={`${t.weekly} ${field.name + 1}: ${t.on}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'name']} label={t.weeklyName}>
                      <Input aria-label={`${t.weeklyName} ${field.name + 1}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'words']} label={t.weeklyWords} style={{ minWidth: 280 }}>
                      <Words label={`${t.weeklyWords} ${field.name + 1}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'times']} label={t.weeklyTimes}>
                      <InputNumber min={1} max={5} precision={0} aria-label={`${t.weeklyTimes} ${field.name + 1}`} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`${t.removeWeekly} ${field.name + 1}`}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ enabled: true, name: '', words: [], times: 2 })}
                  disabled={fields.length >= 10}
                >
                  {t.addWeekly}
                </Button>
              </div>
            )}
          </Form.List>
          <Button type="primary" htmlType="submit" loading={submitting} style={{ marginTop: 16 }}>
            {t.save}
          </Button>
        </Form>
      )}
    </Card>
  );
}
