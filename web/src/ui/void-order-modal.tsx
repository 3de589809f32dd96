import { OrderVoid, ORDER_VOID_REASON_MAX, type Order } from '@tamaq/contract/orders';
import { Button, Form, Input, message, Modal, Typography, type GetRef } from 'antd';
import { i18n } from '../i18n/texts.ts';
import { formatCost } from '../lib/money.ts';
import { useFormSubmit } from './form-errors.ts';
import { fromSchema } from './form-rules.ts';
import { callEndpoint } from '../lib/endpoint-client.ts';
import { useDialogField } from './dialog-focus.ts';

const t = i18n.food.orders;
const reasonRules = [fromSchema(OrderVoid.shape.reason)];

type Values = { reason: string };

/**
 * Voids an order after asking why: its sum leaves the totals and the download, the order stays
 * listed as voided. A refusal (voided meanwhile, a cashier's other day) is said under the reason.
 */
export function VoidOrderModal({
  order,
  onClose,
  onVoided,
}: {
  order: Order | null;
  onClose: () => void;
  onVoided: (order: Order) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { onFinish, submitting } = useFormSubmit(
    form,
    ({ reason }: Values) =>
      callEndpoint('orders', 'void', { params: { id: order!.id }, body: { reason: reason.trim() } }),
    {
      fallbackField: 'reason',
      onSuccess: (voided) => {
        void message.success(t.voided(voided.id));
        form.resetFields();
        onVoided(voided);
      },
    },
  );
  const [reasonRef, reasonShown] = useDialogField<GetRef<typeof Input.TextArea>>();
  const cancel = () => {
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={order !== null}
      title={order ? t.voidTitle(order.id) : ''}
      onCancel={cancel}
      afterOpenChange={reasonShown}
      forceRender
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t.voidCancel}
        </Button>,
        <Button key="submit" danger type="primary" loading={submitting} onClick={() => form.submit()}>
          {t.voidSubmit}
        </Button>,
      ]}
    >
      {order && (
        <Typography.Paragraph>{t.voidHint(formatCost(order.amount, i18n.food.cashbox.currency))}</Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} data-testid="void-order-form">
        <Form.Item name="reason" label={t.voidReason} rules={reasonRules} required>
          <Input.TextArea ref={reasonRef} rows={3} maxLength={ORDER_VOID_REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
