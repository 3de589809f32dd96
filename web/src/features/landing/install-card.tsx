import { CheckCircleFilled, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { askToInstall, installState, isAppleMobile, onInstallChange } from '../../lib/install-prompt.ts';

const t = i18n.landing.install;

/**
 * The app on the parent's phone (docs/rules.md "The app on a phone"): the browser installs it from
 * here — a button where the browser offers it, the way through Safari's Share menu on an iPhone, the
 * browser's menu elsewhere — and says so once it is installed or opened from the home screen.
 */
export function InstallCard({ brand }: { brand: string }) {
  const state = useSyncExternalStore(onInstallChange, installState);
  return (
    <Card data-testid="install-card">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t.title}
      </Typography.Title>
      <Typography.Paragraph style={{ fontSize: 16 }}>{t.text(brand)}</Typography.Paragraph>
      {state === 'offer' ? (
        <Button type="primary" size="large" icon={<DownloadOutlined />} onClick={() => void askToInstall()}>
          {t.button}
        </Button>
      ) : state === 'installed' || state === 'standalone' ? (
        <Typography.Text strong data-testid="install-done">
          <CheckCircleFilled style={{ color: '#389e0d', marginRight: 8 }} />
          {state === 'installed' ? t.installed : t.standalone}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" data-testid="install-how">
          {isAppleMobile() ? t.apple : t.other}
        </Typography.Text>
      )}
    </Card>
  );
}
