import { NameFields } from '../../ui/name-fields.tsx';
import { MEAL_MODES, MENU_DAYS_MAX, MENU_MESSAGES, MENU_SEASON_IDS, MENU_SEASONS } from '@tamaq/contract/menus';
import { Checkbox, Form, Radio } from 'antd';
import type { ComponentProps } from 'react';
import { IntegerInput } from '../../ui/integer-input.tsx';
import { i18n } from '../../i18n/texts.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { MenuDishes } from './menu-dishes.tsx';
import { menusResource } from './menus-resource.ts';
import { shrinkQuestion } from './menu-shrink.ts';

const t = i18n.food.menus;
type Values = {
  name: string;
  name_kk: string;
  days: number | string | null;
  groups: number[];
  /** '' for all year. */
  season: string;
};
const modes = Object.entries(MEAL_MODES).map(([value, label]) => ({ value: Number(value), label }));

/**
 * '/menu/create' and '/menu/:id' (docs/product.md): name, days, season and meal modes; a new menu goes on to its own
 * page to get its dishes, a saved one back to the list. A saved menu shows its dishes by day below;
 * an edit that would take dishes off it (fewer days, a mode unticked) asks first, naming them.
 */
export function MenuFormPage() {
  return (
    <ResourceForm
      resource={menusResource}
      texts={t}
      backPath="/menus"
      testId="menu-form-page"
      skeletonRows={4}
      maxWidth={760}
      afterSave={(menu, created) => (created ? `/menu/${menu.id}` : '/menus')}
      values={(m): Values => ({
        name: m ? (m.name_ru ?? '') : '',
        name_kk: m?.name_kk ?? '',
        days: m?.days ?? null,
        groups: m ? m.groups.split(',').filter(Boolean).map(Number) : [],
        season: m?.season ?? '',
      })}
      body={(v: Values) => ({
        name: v.name,
        name_kk: v.name_kk,
        days: Number(v.days ?? 0),
        groups: v.groups.join(','),
        season: MENU_SEASON_IDS.find((s) => s === v.season) ?? null,
      })}
      askBeforeSave={(v: Values, menu) => shrinkQuestion(menu, Number(v.days), v.groups)}
      below={(menu) => <MenuDishes menu={menu} />}
    >
      <NameFields placeholder={t.namePlaceholder} />
      <Form.Item
        name="days"
        label={t.days}
        extra={t.daysHint}
        rules={[{ required: true, type: 'integer', min: 1, max: MENU_DAYS_MAX, message: MENU_MESSAGES.days }]}
        required
      >
        <IntegerInput style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="season" label={t.season} extra={t.seasonHint}>
        <Radio.Group
          optionType="button"
          options={[
            { value: '', label: t.seasonAll },
            ...MENU_SEASON_IDS.map((s) => ({ value: s, label: MENU_SEASONS[s] })),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="groups"
        label={t.groups}
        extra={t.groupsHint}
        rules={[{ type: 'array', min: 1, required: true, message: MENU_MESSAGES.noGroups }]}
        required
      >
        <ModesGroup options={modes} />
      </Form.Item>
    </ResourceForm>
  );
}

/**
 * The meal modes as a group of checkboxes. The form marks its field required (`aria-required`), which
 * a group of checkboxes may not carry (each box is a choice of its own): it is left off.
 */
function ModesGroup({
  'aria-required': _required,
  ...props
}: ComponentProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  return (
    <Checkbox.Group
      {...props}
      role="group"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}
    />
  );
}
