import { TagsOutlined } from '@ant-design/icons';
import type { BulkFoodCategoryResult } from '@tamaq/contract/users';
import { Alert, App, Button, Modal, Select, Space, Typography, type GetRef } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useDialogField } from '../../ui/dialog-focus.ts';
import { errorText } from '../../lib/api-client.ts';
import { useCheckFoodCategory, useSetFoodCategory } from './api/bulk-food-category.ts';
import { useFoodCategoryOptions } from './api/list-food-categories.ts';

const t = i18n.users.bulkCategory;
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
  // The dialog opens in its one question, the category.
  const [pickerRef, pickerShown] = useDialogField<GetRef<typeof Select>>();

  const choose = (value: number) => {
    setCategory(value);
    check.mutate({ userIds, food_category_id: value === NONE ? null : value, check: true });
  };
  const close = () => {
    setOpen(false);
    setCategory(null);
    check.reset();
  };
  const submit = async () => {
    try {
      const result = await apply.mutateAsync({ userIds, food_category_id: chosen, check: false });
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
              ...(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name })),
              { value: NONE, label: t.none },
            ]}
            style={{ width: '100%' }}
          />
          {check.isPending && <Typography.Text type="secondary">{t.checking}</Typography.Text>}
          {check.error && <Alert type="error" showIcon message={errorText(check.error)} />}
          {check.data && !check.isPending && summary(check.data)}
        </Space>
      </Modal>
    </>
  );
}
