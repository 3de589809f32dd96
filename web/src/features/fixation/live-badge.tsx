import { Badge } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import type { LiveStatus } from '../../lib/live-channel.ts';

const t = i18n.fixation.live;

const LOOK: Record<LiveStatus, { status: 'success' | 'processing' | 'warning' | 'error'; text: string }> = {
  connecting: { status: 'processing', text: t.connecting },
  live: { status: 'success', text: t.live },
  reconnecting: { status: 'warning', text: t.reconnecting },
  failed: { status: 'error', text: t.failed },
};

/** «Обновляется вживую» or «Нет связи — переподключение…»: whether the list can be trusted as current. */
export function LiveBadge({ status }: { status: LiveStatus | null }) {
  if (!status) return null;
  const look = LOOK[status];
  return <Badge status={look.status} text={look.text} data-testid="live-status" data-status={status} />;
}
