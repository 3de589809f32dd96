import { useSyncExternalStore } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { askToInstall, installState, isAppleMobile, onInstallChange } from '../lib/install-prompt.ts';
import { Button, Card, Icon, Text, Title } from '../ui/plain/plain.tsx';

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
      <Title level={3}>{t.title}</Title>
      <p style={{ fontSize: 16 }}>{t.text(brand)}</p>
      {state === 'offer' ? (
        <Button kind="primary" size="large" icon={<Icon name="download" />} onClick={() => void askToInstall()}>
          {t.button}
        </Button>
      ) : state === 'installed' || state === 'standalone' ? (
        <Text strong data-testid="install-done">
          <Icon name="checkCircle" style={{ color: '#389e0d', marginRight: 8 }} />
          {state === 'installed' ? t.installed : t.standalone}
        </Text>
      ) : (
        <Text tone="secondary" data-testid="install-how">
          {isAppleMobile() ? t.apple : t.other}
        </Text>
      )}
    </Card>
  );
}
