import { MENU_MESSAGES, MenuCopy, type Menu } from '@tamaq/contract/menus';
import { App, Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useDialogField } from '../../ui/dialog-focus.ts';

const t = i18n.food.menus;
type Values = { name: string };

/** Copies the menu under a new name (its days, meal modes and dishes), then opens the copy. */
export function CopyMenuModal({ menu, open, onClose }: { menu: Menu; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [nameRef, nameShown] = useDialogField<InputRef>();
  const { onFinish, submitting } = useFormSubmit(
    form,
    ({ name }: Values) => callEndpoint('menus', 'copy', { params: { id: menu.id }, body: { name: name.trim() } }),
    {
      fallbackField: 'name',
      onSuccess: (copy) => {
        void message.success(t.copiedMenu(copy.name));
        onClose();
        void navigate(`/menu/${copy.id}`);
      },
    },
  );
  return (
    <Modal
      open={open}
      title={t.copyMenuTitle}
      onCancel={onClose}
      afterOpenChange={nameShown}
      okText={t.copyMenuOk}
      cancelText={i18n.ui.cancel}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="copy-menu"
    >
      <Typography.Paragraph type="secondary">{t.copyMenuHint}</Typography.Paragraph>
      <Form
        form={form}
        // Its own field ids: the menu's form under the dialog has a «name» too.
        name="copy-menu"
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ name: MENU_MESSAGES.copyName(menu.name) }}
      >
        <Form.Item name="name" label={t.name} rules={[fromSchema(MenuCopy.shape.name)]} required>
          <Input ref={nameRef} maxLength={255} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
