import { Alert, App, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { ChannelTargets } from './channel-targets.tsx';
import { usePushDevices, useAddPushDevice, useRemovePushDevice } from './api/child-notifications.ts';
import { currentSubscription, deviceLabel, permission, pushUnsupported, subscribe } from './browser-push.ts';

const t = i18n.landing.children.pushDevices;

/**
 * Notices in the browser (docs/rules.md "Notifications"): the parent turns them on for this device
 * (the browser asks its permission), sees every device they are on and turns any off. Once on, «на
 * устройстве» is a channel under each child.
 */
export function PushDevicesCard() {
  const devices = usePushDevices();
  const add = useAddPushDevice();
  const remove = useRemovePushDevice();
  const { message } = App.useApp();
  const unsupported = pushUnsupported();
  const [allowed, setAllowed] = useState(permission);
  const [here, setHere] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((sub) => live && setHere(sub?.endpoint ?? null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const list = devices.data?.devices ?? [];
  const onHere = !!here && list.some((d) => d.endpoint === here);

  const enable = async () => {
    const key = devices.data?.public_key;
    if (!key) return;
    setBusy(true);
    try {
      const sub = await subscribe(key);
      setAllowed(permission());
      if (sub === 'denied') {
        void message.warning(t.denied);
        return;
      }
      await add.mutateAsync({ ...sub, label: deviceLabel() });
      setHere(sub.endpoint);
      void message.success(t.enabled);
    } catch (err) {
      // The browser's own refusal (its push service unreachable) or the server's.
      void message.error(err instanceof DOMException ? t.failed(err.message) : errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const drop = async (id: number, endpoint: string) => {
    await remove.mutateAsync(id);
    if (endpoint === here) {
      const sub = await currentSubscription();
      await sub?.unsubscribe().catch(() => false);
      setHere(null);
    }
    void message.success(t.removed);
  };

  return (
    <Card title={t.title} data-testid="push-devices">
      {devices.isError && !devices.data ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          action={<Button onClick={() => void devices.refetch()}>{i18n.landing.children.retry}</Button>}
        />
      ) : !devices.data ? (
        <Skeleton active paragraph={{ rows: 1 }} aria-label={i18n.ui.loading} />
      ) : (
        <Flex vertical gap={12} align="start">
          <Typography.Text>{t.about}</Typography.Text>
          {unsupported ? (
            <Alert type="info" showIcon message={unsupported === 'insecure' ? t.insecure : t.unsupported} />
          ) : allowed === 'denied' ? (
            <Alert type="warning" showIcon message={t.blocked} />
          ) : onHere ? (
            <Typography.Text type="success">{t.onHere}</Typography.Text>
          ) : (
            <Button type="primary" loading={busy} onClick={() => void enable()}>
              {t.enable}
            </Button>
          )}
          <ChannelTargets
            items={list}
            testId="push-device"
            label={t.listLabel}
            name={(d) => d.label}
            mark={(d) => d.endpoint === here && <Tag color="green">{t.thisDevice}</Tag>}
            since={t.since}
            removeTitle={t.removeQuestion}
            removeLabel={t.remove}
            onRemove={(d) => drop(d.id, d.endpoint)}
          />
        </Flex>
      )}
    </Card>
  );
}
