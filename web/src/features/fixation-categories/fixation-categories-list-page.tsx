import { ClockCircleOutlined } from '@ant-design/icons';
import { MEAL_MODES } from '@tamaq/contract/menus';
import type { FixationCategory } from '@tamaq/contract/fixation-categories';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { ResourceList } from '../../ui/resource-list.tsx';
import { schoolOptionsQuery } from '../../ui/school-select.tsx';
import { fixationCategoriesResource, useCategoryTexts } from './fixation-categories-resource.ts';
import { nameText, type BilingualName } from '../../ui/content-name.tsx';

/**
 * docs/product.md "Meal times": meal-time categories in list order (position, then start time), with
 * search and delete; a school's meal times also say whose they are (a school, a shift, or all).
 */
export function FixationCategoriesListPage() {
  const t = useCategoryTexts();
  const role = useSession()?.role;
  const words = useStructureWords();
  const ofSchools = role === 'EducationAdmin' || role === 'EducationKindergartenAdmin';
  const schools = useQuery({ ...schoolOptionsQuery(), enabled: ofSchools });
  const nameOrDots = (school: BilingualName | undefined) => (school ? nameText(school) : '…');
  const schoolName = (id: number | null) =>
    id === null ? words.allSchools : nameOrDots(schools.data?.rows.find((s) => s.id === id));
  const shiftName = (shift: 1 | 2 | null) => (shift === 1 ? t.shift1 : shift === 2 ? t.shift2 : t.allShifts);
  return (
    <ResourceList<FixationCategory>
      resource={fixationCategoriesResource}
      texts={t}
      formPath="/fixation/category"
      testId="fixation-categories-page"
      leading={[{ key: 'position', title: t.position, dataIndex: 'position', width: 100, align: 'right' }]}
      columns={[
        {
          key: 'time',
          title: t.time,
          render: (_, row) => (
            <Space size={6} data-testid="category-window" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <ClockCircleOutlined />
              {`${row.time_start}–${row.time_finish}`}
            </Space>
          ),
        },
        ...(ofSchools
          ? [
              {
                key: 'school',
                title: words.school,
                render: (_: unknown, row: FixationCategory) => (
                  <span data-testid="category-school">{schoolName(row.school_id)}</span>
                ),
              },
            ]
          : []),
        ...(role === 'EducationAdmin'
          ? [
              {
                key: 'shift',
                title: t.shift,
                render: (_: unknown, row: FixationCategory) => (
                  <span data-testid="category-shift">{shiftName(row.shift)}</span>
                ),
              },
            ]
          : []),
        ...(ofSchools
          ? [
              {
                key: 'meal_mode',
                title: t.mealMode,
                render: (_: unknown, row: FixationCategory) => (
                  <span data-testid="category-meal-mode">
                    {row.meal_mode === null ? t.noMealMode : MEAL_MODES[row.meal_mode as keyof typeof MEAL_MODES]}
                  </span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
