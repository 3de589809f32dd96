import { PlusOutlined } from '@ant-design/icons';
import { cardNumber, isCardNumber, normaliseCardNumber, type Card } from '@tamaq/contract/cards';
import { App, AutoComplete, Button, Flex, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { useLinkUserCard } from './api/link-user-card.ts';
import { useRegisterCard } from './api/register-card.ts';
import { useCardSearch } from './api/search-cards.ts';

const t = i18n.orgs.userCards;
/** docs/product.md "Limits": suggestions follow the typing 100 ms after it stops. */
const SUGGEST_DELAY_MS = 100;
const numberRules = [fromSchema(cardNumber())];

type Values = { number: string };

function suggestionLabel(card: Card) {
  return (
    <Flex justify="space-between" gap={16}>
      <span>{card.number}</span>
      <Typography.Text type="secondary">{card.user ? t.heldBy(card.user.name) : t.free}</Typography.Text>
    </Flex>
  );
}

/**
 * Type or scan a number, pick a suggestion, «Добавить»: a card the organization has is linked, a
 * new number is registered first and then linked (docs/product.md "A person's cards").
 */
export function AddCardForm({ userId }: { userId: number }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const typed: string = Form.useWatch('number', form) ?? '';
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(normaliseCardNumber(typed)), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useCardSearch(term);
  const suggestions = term ? (search.data ?? []) : [];

  // A scan, in the field or anywhere on the page, links its card at once: the scanner's Enter is the
  // «Добавить» (the hook keeps that Enter from the field, so it would link nothing otherwise).
  useBarcodeScanner((code) => {
    form.setFieldValue('number', code);
    form.setFields([{ name: 'number', errors: [] }]);
    form.submit();
  });

  const register = useRegisterCard();
  const link = useLinkUserCard();
  const { onFinish, submitting } = useFormSubmit(
    form,
    async ({ number }: Values) => {
      const wanted = normaliseCardNumber(number);
      const card = suggestions.find((c) => c.number === wanted) ?? (await register.mutateAsync({ number: wanted }));
      await link.mutateAsync({ userId, cardId: card.id });
      return card;
    },
    {
      fallbackField: 'number',
      onSuccess: (card) => {
        void message.success(t.added(card.number));
        form.resetFields();
      },
    },
  );

  const isNew = isCardNumber(term) && !suggestions.some((c) => c.number === term);
  const options = [
    ...suggestions.map((card) => ({ value: card.number, label: suggestionLabel(card) })),
    ...(isNew ? [{ value: term, label: <Typography.Text italic>{t.newCard(term)}</Typography.Text> }] : []),
  ];

  return (
    <Form form={form} layout="inline" onFinish={onFinish} data-testid="add-card-form" style={{ marginBottom: 16 }}>
      <Form.Item name="number" label={t.number} rules={numberRules} required style={{ minWidth: 360 }}>
        <AutoComplete
          options={options}
          placeholder={t.placeholder}
          showSearch={{ filterOption: false }}
          popupMatchSelectWidth={360}
          data-testid="card-number-input"
          allowClear
          onInputKeyDown={(e) => {
            // Enter typed by hand links too, once a suggestion it picks (if any) is in the field.
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) setTimeout(() => form.submit(), 0);
          }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={submitting}>
        {t.add}
      </Button>
    </Form>
  );
}
