import { TagsOutlined } from '@ant-design/icons';
import type { BulkFoodCategoryResult } from '@tamaq/contract/users';
import { Alert, App, Button, DatePicker, Input, Modal, Select, Space, Typography, type GetRef } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useDialogField } from '../../ui/dialog-focus.ts';
import { errorText } from '../../lib/api-client.ts';
import { toApiDate } from '../../lib/dates.ts';
import { useCheckFoodCategory, useSetFoodCategory } from './api/bulk-food-category.ts';
import { useFoodCategoryOptions } from './api/list-food-categories.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.users.bulkCategory;
const f = i18n.users.fields;
/** The picker's value for "no category" (a Select cannot hold null). */
const NONE = 0;

/**
 * One food category for the pupils chosen in the list (the start of the year): pick it, read what
 * will change (wallets begun or ended), then apply it in one go.
 */
export function BulkCategoryButton({ userIds, onDone }: { userIds: number[]; onDone: () => void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<number | null>(null);
  const categories = useFoodCategoryOptions(open);
  const check = useCheckFoodCategory();
  const apply = useSetFoodCategory();
  const chosen = category === null ? null : category === NONE ? null : category;
  // The wallet's period as the order gives it, for a category of the social wallet.
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [order, setOrder] = useState('');
  const sw = (categories.data?.rows ?? []).some((c) => c.id === chosen && c.type === 'sw');
  const wallet = (f0: Dayjs | null, t0: Dayjs | null, o: string) =>
    sw || f0 || t0
      ? {
          ...(f0 ? { social_wallet_from: toApiDate(f0) } : {}),
          ...(t0 ? { social_wallet_to: toApiDate(t0) } : {}),
          ...(o.trim() ? { social_wallet_order: o.trim() } : {}),
        }
      : {};
  // The dialog opens in its one question, the category.
  const [pickerRef, pickerShown] = useDialogField<GetRef<typeof Select>>();

  const recheck = (value: number | null, f0: Dayjs | null, t0: Dayjs | null, o: string) => {
    if (value === null) return;
    check.mutate({ userIds, food_category_id: value === NONE ? null : value, check: true, ...wallet(f0, t0, o) });
  };
  const choose = (value: number) => {
    setCategory(value);
    const isSw = (categories.data?.rows ?? []).some((c) => c.id === value && c.type === 'sw');
    if (!isSw) {
      setFrom(null);
      setTo(null);
      setOrder('');
    }
    recheck(value, isSw ? from : null, isSw ? to : null, isSw ? order : '');
  };
  const close = () => {
    setOpen(false);
    setCategory(null);
    setFrom(null);
    setTo(null);
    setOrder('');
    check.reset();
  };
  const submit = async () => {
    try {
      const result = await apply.mutateAsync({
        userIds,
        food_category_id: chosen,
        check: false,
        ...wallet(from, to, order),
      });
      void message.success(t.done(result.changed));
      close();
      onDone();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const summary = (r: BulkFoodCategoryResult) => (
    <Space direction="vertical" size={2} data-testid="bulk-category-summary">
      <Typography.Text>{t.willChange(r.changed)}</Typography.Text>
      {r.walletStarted > 0 && <Typography.Text>{t.walletStarted(r.walletStarted)}</Typography.Text>}
      {r.walletEnded > 0 && <Typography.Text>{t.walletEnded(r.walletEnded)}</Typography.Text>}
      {r.unchanged > 0 && <Typography.Text type="secondary">{t.unchanged(r.unchanged)}</Typography.Text>}
    </Space>
  );

  return (
    <>
      <Button
        icon={<TagsOutlined />}
        disabled={!userIds.length}
        onClick={() => setOpen(true)}
        data-testid="bulk-category"
      >
        {t.button(userIds.length)}
      </Button>
      <Modal
        open={open}
        title={t.title(userIds.length)}
        okText={t.apply}
        cancelText={t.cancel}
        onCancel={close}
        onOk={() => void submit()}
        okButtonProps={{ disabled: !check.data?.changed, loading: apply.isPending }}
        afterOpenChange={pickerShown}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select<number>
            ref={pickerRef}
            aria-label={t.category}
            placeholder={t.category}
            loading={categories.isLoading}
            value={category ?? undefined}
            onChange={choose}
            options={[
              ...(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: nameText(c) })),
              { value: NONE, label: t.none },
            ]}
            style={{ width: '100%' }}
          />
          {sw && (
            <Space wrap data-testid="bulk-wallet">
              <DatePicker
                format="DD.MM.YYYY"
                aria-label={f.walletFrom}
                placeholder={f.walletFrom}
                value={from}
                onChange={(d: Dayjs | null) => {
                  setFrom(d);
                  recheck(category, d, to, order);
                }}
              />
              <DatePicker
                format="DD.MM.YYYY"
                aria-label={f.walletTo}
                placeholder={f.walletTo}
                value={to}
                onChange={(d: Dayjs | null) => {
                  setTo(d);
                  recheck(category, from, d, order);
                }}
              />
              <Input
                aria-label={f.walletOrder}
                placeholder={f.walletOrder}
                maxLength={60}
                value={order}
                onChange={(e) => setOrder(e.target.value)}
                onBlur={() => recheck(category, from, to, order)}
                style={{ width: 160 }}
              />
              <Typography.Text type="secondary">{t.walletHint}</Typography.Text>
            </Space>
          )}
          {check.isPending && <Typography.Text type="secondary">{t.checking}</Typography.Text>}
          {check.error && <Alert type="error" showIcon message={errorText(check.error)} />}
          {check.data && !check.isPending && summary(check.data)}
        </Space>
      </Modal>
    </>
  );
}
