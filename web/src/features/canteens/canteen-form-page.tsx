import { CanteenCreate } from '@tamaq/contract/canteens';
import { Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { canteensResource } from './canteens-resource.ts';

const t = i18n.catalogs.canteens;

/** '/canteen/create' and '/canteen/:id' (docs/product.md "Canteens"): name, address, description; saving returns to the list. */
export function CanteenFormPage() {
  return (
    <ResourceForm
      resource={canteensResource}
      texts={t}
      backPath="/canteens"
      testId="canteen-form-page"
      values={(c) => ({ name: c?.name ?? '', address: c?.address ?? '', description: c?.description ?? '' })}
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(CanteenCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item name="address" label={t.address} rules={[fromSchema(CanteenCreate.shape.address)]} required>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="description" label={t.description} rules={[fromSchema(CanteenCreate.shape.description)]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </ResourceForm>
  );
}
