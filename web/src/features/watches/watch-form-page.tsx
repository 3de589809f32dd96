import { WATCH_MESSAGES, WatchCreate } from '@tamaq/contract/watches';
import { Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { DayGrid } from './day-grid.tsx';
import { daysOf } from './days.ts';
import { watchesResource } from './watches-resource.ts';

const t = i18n.catalogs.watches;

/** '/watch/create' and '/watch/:id' (docs/product.md "Watches"): a name and the month days to check. */
export function WatchFormPage() {
  return (
    <ResourceForm
      resource={watchesResource}
      texts={t}
      backPath="/watches"
      testId="watch-form-page"
      skeletonRows={5}
      values={(w) => ({ name: w?.name ?? '', days: daysOf(w?.days) })}
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(WatchCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item
        name="days"
        label={t.days}
        extra={t.daysHint}
        required
        rules={[{ type: 'array', min: 1, required: true, message: WATCH_MESSAGES.noDays }]}
      >
        <DayGrid />
      </Form.Item>
    </ResourceForm>
  );
}
