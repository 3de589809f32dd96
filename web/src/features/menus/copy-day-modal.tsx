import type { Menu } from '@tamaq/contract/menus';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Flex, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const t = i18n.food.menus;

/**
 * Copies one day's dishes (every meal mode) onto other days of the menu. Days that have dishes of
 * their own are named, and the user chooses to add beside them or replace them; nothing is replaced
 * without that choice.
 */
export function CopyDayModal({
  menu,
  day,
  onClose,
  onCopied,
}: {
  menu: Menu;
  day: number | null;
  onClose: () => void;
  onCopied: (saved: Menu) => void;
}) {
  const { message } = App.useApp();
  const [to, setTo] = useState<number[]>([]);
  const [replace, setReplace] = useState<boolean | null>(null);
  const dishes = menu.products ?? [];
  const source = dishes.filter((d) => d.day === day).length;
  const filled = to.filter((d) => dishes.some((x) => x.day === d));
  const others = Array.from({ length: menu.days }, (_, i) => i + 1).filter((d) => d !== day);
  const close = () => {
    setTo([]);
    setReplace(null);
    copy.reset();
    onClose();
  };
  const copy = useMutation({
    mutationFn: () =>
      callEndpoint('menus', 'copyDay', {
        params: { id: menu.id },
        body: { from: day!, to, replace: replace === true },
      }),
    onSuccess: (saved) => {
      void message.success(t.copiedDay(day!, to));
      onCopied(saved);
      close();
    },
  });
  // Days with dishes of their own wait for the choice: add or replace.
  const ready = to.length > 0 && source > 0 && (filled.length === 0 || replace !== null);

  return (
    <Modal
      open={day !== null}
      title={day !== null ? t.copyDayTitle(day) : ''}
      onCancel={close}
      okText={t.copyDayOk}
      cancelText={i18n.ui.cancel}
      okButtonProps={{ disabled: !ready, danger: replace === true && filled.length > 0 }}
      confirmLoading={copy.isPending}
      onOk={() => copy.mutate()}
      destroyOnHidden
      data-testid="copy-day"
    >
      {day !== null && source === 0 ? (
        <Alert type="info" showIcon title={t.copyDayEmpty(day)} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t.copyDaySource(source)}</Typography.Text>
          <Flex vertical gap={4}>
            <Typography.Text strong>{t.copyDayTo}</Typography.Text>
            <Checkbox
              checked={to.length === others.length}
              indeterminate={to.length > 0 && to.length < others.length}
              onChange={(e) => setTo(e.target.checked ? others : [])}
            >
              {t.copyDayAll}
            </Checkbox>
            <Checkbox.Group
              value={to}
              onChange={(v) => setTo([...v].sort((a, b) => a - b))}
              options={others.map((d) => ({ value: d, label: t.day(d) }))}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 4 }}
            />
          </Flex>
          {filled.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t.copyDayFilled(filled)}
              description={
                <Radio.Group
                  value={replace}
                  onChange={(e) => setReplace(e.target.value as boolean)}
                  options={[
                    { value: false, label: t.copyDayAdd },
                    { value: true, label: t.copyDayReplace },
                  ]}
                  data-testid="copy-day-mode"
                />
              }
            />
          )}
          {menu.activations > 0 && <Typography.Text type="warning">{t.copyDayActive}</Typography.Text>}
          {copy.error && <Alert type="error" showIcon title={errorText(copy.error)} />}
        </Flex>
      )}
    </Modal>
  );
}
