import type { Card } from '@tamaq/contract/cards';
import { App, Space, Switch } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { confirmAction } from '../../ui/confirm-delete.tsx';
import { useSetCardStatus } from './api/set-card-status.ts';

const t = i18n.orgs.cards;

/** The one-time ↔ endless switch of a card: asks first (docs/domain.md), then saves. */
export function CardUseSwitch({ card }: { card: Card }) {
  const { message } = App.useApp();
  const save = useSetCardStatus();
  const endless = card.endless_use === 'Y';
  const ask = () =>
    void confirmAction({
      title: endless ? t.toOneTime : t.toEndless,
      content: endless ? t.oneTimeHint : t.endlessHint,
      onOk: async () => {
        await save.mutateAsync({ cardId: card.id, endless_use: endless ? 'N' : 'Y' });
        void message.success(t.statusSaved);
      },
    });
  // The state is written beside the switch, not inside it: the switch's name is what it turns
  // («Безлимитная карта …», on or off), and a word inside would be a visible label the name lacks.
  return (
    <Space size={8}>
      <Switch checked={endless} loading={save.isPending} onClick={ask} aria-label={t.toggleLabel(card.number)} />
      <span aria-hidden>{endless ? t.endless : t.oneTime}</span>
    </Space>
  );
}
