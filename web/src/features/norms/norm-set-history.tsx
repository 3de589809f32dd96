import { MEAL_MODES } from '@tamaq/contract/menus';
import { NORM_NUTRIENTS, type NormNutrient, type NormSet, type NormSetVersions } from '@tamaq/contract/norms';
import { NUTRIENT_NAMES } from '@tamaq/contract/nutrients';
import { Alert, Button, Modal, Skeleton, Timeline, Typography } from 'antd';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { nameText } from '../../ui/content-name.tsx';
import { useAgeGroups, useNormSetVersions } from './norms-api.ts';

const t = bilingual({
  ru: {
    title: (name: string) => `Версии набора: ${name}`,
    intro: 'Каждая версия — как её сохранили: анализ меню называет версию, по которой сверял.',
    version: (n: number, at: string, who: string | null) => `Версия ${n} — ${at}${who ? `, ${who}` : ''}`,
    made: (values: number) => `Набор создан: значений — ${values}`,
    nothing: 'Числа не менялись',
    name: 'Название',
    nameKk: 'Название на казахском',
    source: 'Источник',
    kazakh: 'Таблица РК 2025',
    yes: 'да',
    no: 'нет',
    tolerance: 'Допуск',
    share: (meal: string) => `Доля: ${meal}`,
    day: 'Сутки',
    salt: 'Соль, г',
    none: '—',
    close: 'Закрыть',
    loadFailed: 'Не удалось загрузить версии',
  },
  kk: {
    title: (name: string) => `Жинақ нұсқалары: ${name}`,
    intro: 'Әр нұсқа — сақталған күйінде: мәзірді талдау қай нұсқамен салыстырғанын атайды.',
    version: (n: number, at: string, who: string | null) => `${n}-нұсқа — ${at}${who ? `, ${who}` : ''}`,
    made: (values: number) => `Жинақ жасалды: мәндер саны — ${values}`,
    nothing: 'Сандар өзгермеді',
    name: 'Атауы',
    nameKk: 'Қазақша атауы',
    source: 'Дереккөз',
    kazakh: 'ҚР 2025 кестесі',
    yes: 'иә',
    no: 'жоқ',
    tolerance: 'Рұқсат етілген ауытқу',
    share: (meal: string) => `Үлесі: ${meal}`,
    day: 'Тәулік',
    salt: 'Тұз, г',
    none: '—',
    close: 'Жабу',
    loadFailed: 'Нұсқаларды жүктеу мүмкін болмады',
  },
});

type Version = NormSetVersions['rows'][number];

const number = (v: string | null | undefined) =>
  v === null || v === undefined
    ? t.none
    : v
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '')
        .replace('.', ',');
const mealName = (m: number | null) => (m === null ? t.day : (MEAL_MODES[m as keyof typeof MEAL_MODES] ?? String(m)));
const nutrientName = (n: NormNutrient) => (n === 'saltG' ? t.salt : NUTRIENT_NAMES[n]);

/** What a version changed from the one before it, a line each: «6–10 лет, Сутки, Энергия: 2350 → 2400». */
function changes(version: Version, before: Version, groupName: (id: number) => string): string[] {
  const out: string[] = [];
  const was = (label: string, a: string, b: string) => {
    if (a !== b) out.push(`${label}: ${a} → ${b}`);
  };
  was(t.name, before.name_ru ?? t.none, version.name_ru ?? t.none);
  was(t.nameKk, before.name_kk ?? t.none, version.name_kk ?? t.none);
  was(t.source, before.source, version.source);
  was(t.kazakh, before.kazakh_2025 ? t.yes : t.no, version.kazakh_2025 ? t.yes : t.no);
  was(t.tolerance, `${number(before.tolerance_pct)} %`, `${number(version.tolerance_pct)} %`);
  const meals = [...new Set([...before.shares, ...version.shares].map((s) => s.meal))].sort((a, b) => a - b);
  for (const meal of meals) {
    const share = (v: Version) => v.shares.find((s) => s.meal === meal)?.share_pct ?? null;
    was(t.share(mealName(meal)), `${number(share(before))} %`, `${number(share(version))} %`);
  }
  const key = (r: { age_group_id: number; meal: number | null }) => `${r.age_group_id}:${r.meal ?? 0}`;
  const rows = new Map([...before.rows, ...version.rows].map((r) => [key(r), r]));
  for (const [k, row] of rows) {
    const a = before.rows.find((r) => key(r) === k)?.values;
    const b = version.rows.find((r) => key(r) === k)?.values;
    for (const n of NORM_NUTRIENTS) {
      const from = a?.[n] ?? null;
      const to = b?.[n] ?? null;
      if ((from === null ? null : Number(from)) !== (to === null ? null : Number(to)))
        out.push(
          `${groupName(row.age_group_id)}, ${mealName(row.meal)}, ${nutrientName(n)}: ${number(from)} → ${number(to)}`,
        );
    }
  }
  return out;
}

/** A set's versions, newest first, each with what it changed (docs/rules.md "Norm sets"). */
export function NormSetHistory({ set, onClose }: { set: NormSet; onClose: () => void }) {
  const versions = useNormSetVersions(set.id);
  const groups = useAgeGroups();
  const groupName = (id: number) => {
    const g = groups.data?.rows.find((r) => r.id === id);
    return g ? nameText(g) : `#${id}`;
  };
  const rows = versions.data?.rows ?? [];
  return (
    <Modal
      open
      width={760}
      title={t.title(nameText(set))}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t.close}</Button>}
    >
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {versions.isError ? (
        <Alert type="error" showIcon title={t.loadFailed} description={errorText(versions.error)} />
      ) : !versions.data ? (
        <Skeleton active />
      ) : (
        <div data-testid="norm-set-versions">
          <Timeline
            items={rows.map((v, i) => {
              const before = rows[i + 1];
              const lines = before
                ? changes(v, before, groupName)
                : [t.made(v.rows.reduce((s, r) => s + Object.values(r.values).filter((x) => x !== null).length, 0))];
              return {
                key: v.version,
                content: (
                  <div data-testid="norm-set-version">
                    <Typography.Text strong>
                      {t.version(v.version, formatDateTime(v.saved_at), v.saved_by)}
                    </Typography.Text>
                    <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                      {(lines.length ? lines : [t.nothing]).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </div>
                ),
              };
            })}
          />
        </div>
      )}
    </Modal>
  );
}
