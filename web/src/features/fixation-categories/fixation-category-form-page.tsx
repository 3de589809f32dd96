import {
  FIXATION_CATEGORY_MESSAGES,
  FixationCategoryCreate,
  MEAL_TIME_MODES,
  POSITION_DEFAULT,
  POSITION_MAX,
  POSITION_MIN,
} from '@tamaq/contract/fixation-categories';
import { MEAL_MODES } from '@tamaq/contract/menus';
import { msg } from '@tamaq/contract/zod';
import { Alert, Flex, Form, Input, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { fromSchema } from '../../ui/form-rules.ts';
import { IntegerInput } from '../../ui/integer-input.tsx';
import { enterKeepsForm } from '../../ui/enter-keeps-form.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useSession } from '../../lib/use-session.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { fixationCategoriesResource, useCategoryTexts } from './fixation-categories-resource.ts';

const TIME = 'HH:mm';

type Values = {
  name: string;
  position: number | string | null;
  time_start: Dayjs | null;
  time_finish: Dayjs | null;
  school_id: number | null;
  /** 0: both shifts. */
  shift: 0 | 1 | 2;
  /** 0: not said. */
  meal_mode: number;
};

/** 'HH:mm' of the server as a picker value (today's date, which the picker ignores). */
const timeOf = (text: string | undefined): Dayjs | null => {
  const [h, m] = (text ?? '').split(':').map(Number);
  return text && Number.isInteger(h) && Number.isInteger(m) ? dayjs().hour(h!).minute(m!).second(0) : null;
};

/** The form's school: one of the organization's, or every school (null). */
function SchoolField({
  value,
  onChange,
  allLabel,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  allLabel: string;
}) {
  return <SchoolSelect value={value} onChange={(id) => onChange?.(id)} allowAll allLabel={allLabel} />;
}

/**
 * '/fixation/category/create' and '/fixation/category/:id' (docs/product.md "Meal times"): name, position
 * and the time window; a school's meal time also names its school (or every school) and, at a school,
 * its shift (or both).
 */
export function FixationCategoryFormPage() {
  const t = useCategoryTexts();
  const role = useSession()?.role;
  const words = useStructureWords();
  const ofSchools = role === 'EducationAdmin' || role === 'EducationKindergartenAdmin';
  const withShifts = role === 'EducationAdmin';
  return (
    <ResourceForm
      resource={fixationCategoriesResource}
      texts={t}
      backPath="/fixation/categories"
      testId="fixation-category-form-page"
      skeletonRows={4}
      values={(c): Values => ({
        name: c?.name ?? '',
        position: c?.position ?? POSITION_DEFAULT,
        time_start: timeOf(c?.time_start),
        time_finish: timeOf(c?.time_finish),
        school_id: c?.school_id ?? null,
        shift: c?.shift ?? 0,
        meal_mode: c?.meal_mode ?? 0,
      })}
      body={(v: Values) => ({
        ...(ofSchools ? { school_id: v.school_id ?? null } : {}),
        ...(withShifts ? { shift: v.shift === 0 ? null : v.shift } : {}),
        ...(ofSchools ? { meal_mode: v.meal_mode || null } : {}),
        name: v.name,
        // An emptied field means the default, on an edit too.
        position: typeof v.position === 'number' ? v.position : POSITION_DEFAULT,
        time_start: v.time_start?.format(TIME) ?? '',
        time_finish: v.time_finish?.format(TIME) ?? '',
      })}
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(FixationCategoryCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item
        name="position"
        label={t.position}
        extra={t.positionHint}
        // Empty means the default; 150, -1, 2.5 or «abc» are refused as typed, never cut to the bounds.
        rules={[
          {
            validator: async (_, value: unknown) => {
              if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return;
              const ok =
                typeof value === 'number' && Number.isInteger(value) && value >= POSITION_MIN && value <= POSITION_MAX;
              if (!ok) throw new Error(FIXATION_CATEGORY_MESSAGES.position);
            },
          },
        ]}
      >
        <IntegerInput style={{ width: 140 }} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="time_start" label={t.timeStart} rules={[{ required: true, message: msg.required }]}>
          <TimePicker format={TIME} needConfirm={false} style={{ width: 180 }} onKeyDown={enterKeepsForm} />
        </Form.Item>
        <Form.Item
          name="time_finish"
          label={t.timeFinish}
          dependencies={['time_start']}
          rules={[
            { required: true, message: msg.required },
            ({ getFieldValue }) => ({
              validator: async (_, value: Dayjs | null) => {
                const start = getFieldValue('time_start') as Dayjs | null;
                if (value && start && value.format(TIME) <= start.format(TIME)) throw new Error(t.finishAfterStart);
              },
            }),
          ]}
        >
          <TimePicker format={TIME} needConfirm={false} style={{ width: 180 }} onKeyDown={enterKeepsForm} />
        </Form.Item>
      </Flex>
      {ofSchools && (
        <Flex gap={16} wrap>
          <Form.Item name="school_id" label={words.school}>
            <SchoolField allLabel={words.allSchools} />
          </Form.Item>
          {withShifts && (
            <Form.Item name="shift" label={t.shift} extra={t.placeHint}>
              <Select
                data-testid="shift-select"
                aria-label={t.shift}
                style={{ width: 180 }}
                options={[
                  { value: 0, label: t.allShifts },
                  { value: 1, label: t.shift1 },
                  { value: 2, label: t.shift2 },
                ]}
              />
            </Form.Item>
          )}
        </Flex>
      )}
      {ofSchools && (
        <Form.Item name="meal_mode" label={t.mealMode} extra={t.mealModeHint}>
          <Select
            data-testid="meal-mode-select"
            aria-label={t.mealMode}
            style={{ width: 240 }}
            options={[
              { value: 0, label: t.noMealMode },
              ...MEAL_TIME_MODES.map((m) => ({ value: m, label: MEAL_MODES[m] })),
            ]}
          />
        </Form.Item>
      )}
      <Alert type="info" showIcon title={t.windowHint} style={{ marginBottom: 16 }} />
    </ResourceForm>
  );
}
