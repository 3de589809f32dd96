import { PlusOutlined } from '@ant-design/icons';
import { cardNumber, type Card as CardRow } from '@tamaq/contract/cards';
import { App, Breadcrumb, Button, Card, Flex, Form, Input, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { useListParams } from '../../ui/use-list-params.ts';
import { useCards } from './api/get-cards.ts';
import { useOrganization } from './api/get-organization.ts';
import { useRegisterCard } from './api/register-card.ts';
import { holderColumn, numberColumn, useColumn } from './card-columns.tsx';
import { SearchField } from '../../ui/search-field.tsx';

const t = i18n.orgs.cards;
const columns: TableColumnsType<CardRow> = [numberColumn, holderColumn, useColumn];
const numberRules = [fromSchema(cardNumber())];

/** /cards/:id (docs/product.md "Cards"): the super admin registers card numbers in an organization. */
export function OrganizationCardsPage() {
  const organizationId = Number(useParams().id);
  const organization = useOrganization(organizationId);
  const list = useListParams();
  const { data, isFetching, error, refetch } = useCards({
    organizationId,
    query: list.debouncedQuery || undefined,
    limit: list.limit,
    offset: list.offset,
  });
  const title = organization.data ? t.orgTitle(organization.data.name) : t.title;

  return (
    <div data-testid="organization-cards-page">
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to="/organizations">{t.backToOrganizations}</Link> }, { title }]}
      />
      <Card title={title}>
        <RegisterCardForm organizationId={organizationId} />
        <Flex gap={8} wrap style={{ margin: '16px 0' }}>
          <SearchField
            allowClear
            value={list.query}
            onChange={(e) => list.setQuery(e.target.value)}
            label={t.search}
            style={{ maxWidth: 500 }}
          />
        </Flex>
        <DataTable<CardRow>
          columns={columns}
          rowKey="id"
          rows={data?.rows}
          total={data?.total}
          loading={isFetching}
          limit={list.limit}
          offset={list.offset}
          onPageChange={list.setOffset}
          emptyText={t.empty}
          error={error}
          onRetry={() => void refetch()}
        />
      </Card>
    </div>
  );
}

function RegisterCardForm({ organizationId }: { organizationId: number }) {
  const [form] = Form.useForm<{ number: string }>();
  const { message } = App.useApp();
  const register = useRegisterCard();
  // A scanned card lands in the number field, wherever the focus is.
  useBarcodeScanner((code) => form.setFieldValue('number', code));
  const { onFinish, submitting } = useFormSubmit(
    form,
    ({ number }: { number: string }) => register.mutateAsync({ organizationId, number }),
    {
      fallbackField: 'number',
      onSuccess: (card) => {
        void message.success(t.linked(card.number));
        form.resetFields();
      },
    },
  );
  return (
    <Form form={form} layout="inline" onFinish={onFinish} data-testid="register-card-form">
      <Form.Item name="number" label={t.number} rules={numberRules} required style={{ minWidth: 380 }}>
        <Input placeholder={t.numberPlaceholder} maxLength={80} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={submitting}>
        {t.link}
      </Button>
    </Form>
  );
}
