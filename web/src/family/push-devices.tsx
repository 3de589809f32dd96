import { LoadFailed } from './load-failed.tsx';
import { useEffect, useState } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { errorText } from '../lib/api-error.ts';
import { Alert, Button, Card, Loading, Tag, Text, toast } from '../ui/plain/plain.tsx';
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
        toast('warning', t.denied);
        return;
      }
      await add.mutateAsync({ ...sub, label: deviceLabel() });
      setHere(sub.endpoint);
      toast('success', t.enabled);
    } catch (err) {
      // The browser's own refusal (its push service unreachable) or the server's.
      toast('error', err instanceof DOMException ? t.failed(err.message) : errorText(err));
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
    toast('success', t.removed);
  };

  return (
    <Card title={t.title} data-testid="push-devices">
      {devices.isError && !devices.data ? (
        <LoadFailed message={t.loadFailed} retry={devices.refetch} />
      ) : !devices.data ? (
        <Loading rows={1} label={i18n.ui.loading} />
      ) : (
        <div className="tq-stack" style={{ alignItems: 'flex-start' }}>
          <Text>{t.about}</Text>
          {unsupported ? (
            <Alert type="info" message={unsupported === 'insecure' ? t.insecure : t.unsupported} />
          ) : allowed === 'denied' ? (
            <Alert type="warning" message={t.blocked} />
          ) : onHere ? (
            <Text tone="success">{t.onHere}</Text>
          ) : (
            <Button kind="primary" loading={busy} onClick={() => void enable()}>
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
        </div>
      )}
    </Card>
  );
}
