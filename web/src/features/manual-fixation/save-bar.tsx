import { SaveOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { i18n } from '../../i18n/texts.ts';

const t = i18n.manualFixation;

export interface SaveBarProps {
  dirty: number;
  marked: number;
  total: number;
  saving: boolean;
  onSave: () => void;
  disabled?: boolean;
}

/**
 * Stays at the bottom of the window under a long list: how many changes are not saved yet, and
 * «Сохранить» (off while there is nothing to save or a save is on its way).
 */
export function SaveBar({ dirty, marked, total, saving, onSave, disabled }: SaveBarProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={12}
      wrap
      data-testid="manual-save-bar"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        marginTop: 12,
        padding: '10px 12px',
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex gap={16} align="center" wrap>
        <Typography.Text data-testid="manual-marked">{t.marked(marked, total)}</Typography.Text>
        {dirty > 0 ? (
          <Typography.Text type="warning" strong role="status" data-testid="manual-unsaved">
            {t.unsaved(dirty)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t.nothingChanged}</Typography.Text>
        )}
      </Flex>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={saving}
        disabled={disabled || dirty === 0}
        onClick={onSave}
      >
        {t.save}
      </Button>
    </Flex>
  );
}
