import type { School } from '@tamaq/contract/schools';
import { SchoolCreate } from '@tamaq/contract/schools';
import { msg } from '@tamaq/contract/zod';
import { Col, Form, Input, Row, Select } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { NameFields } from '../../ui/name-fields.tsx';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { useRegions } from './api/list-regions.ts';
import { schoolsResource } from './schools-resource.ts';
import { useSchoolTexts } from './use-school-texts.ts';

const f = i18n.structure.fields;
const shape = SchoolCreate.shape;

interface Values {
  region_id?: number;
  name?: string;
  name_kk?: string;
  number?: string;
  bin?: string;
  address?: string;
  description?: string;
  city?: string;
}

const values = (school: School | null): Values =>
  school
    ? {
        region_id: school.region_id ?? undefined,
        name: school.name_ru ?? '',
        name_kk: school.name_kk ?? '',
        number: school.number ?? '',
        bin: school.bin ?? '',
        address: school.address ?? '',
        description: school.description ?? '',
        city: school.city ?? '',
      }
    : {};

const body = (v: Values) => ({
  region_id: v.region_id as number,
  name: v.name ?? '',
  name_kk: v.name_kk ?? '',
  number: v.number || null,
  bin: v.bin || null,
  address: v.address ?? '',
  description: v.description || null,
  city: v.city ?? '',
});

/** docs/product.md "Schools": one form for a new school and an existing one; saving returns to the list. */
export function SchoolFormPage() {
  const words = useStructureWords();
  const t = useSchoolTexts();
  const regions = useRegions();
  return (
    <ResourceForm
      resource={schoolsResource}
      texts={{
        title: words.schools,
        newTitle: words.newSchool,
        editTitle: t.editSchool,
        created: t.schoolCreated,
        saved: t.schoolSaved,
        loadFailed: t.schoolLoadFailed,
      }}
      backPath="/schools"
      testId="school-form-page"
      maxWidth={880}
      values={values}
      body={body}
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <NameFields />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="number" label={f.number} rules={[fromSchema(shape.number)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="region_id" label={f.region} rules={[{ required: true, message: msg.required }]}>
            <Select
              placeholder={f.chooseRegion}
              loading={regions.isLoading}
              options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="city" label={f.city} rules={[fromSchema(shape.city)]} required>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="address" label={f.address} rules={[fromSchema(shape.address)]} required>
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="bin" label={f.bin} rules={[fromSchema(shape.bin)]} extra={f.binHint}>
            <Input inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={f.description} rules={[fromSchema(shape.description)]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
    </ResourceForm>
  );
}
