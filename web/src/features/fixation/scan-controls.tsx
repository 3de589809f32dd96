import { CloudSyncOutlined, EnterOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useScanSoundMuted } from '../../lib/scan-sounds.ts';
import { CARD_FIELD_ATTRIBUTE } from '../../lib/use-barcode-scanner.ts';
import { NARROW_QUERY } from '../../ui/search-field.tsx';
import { useMediaQuery } from '../../ui/use-media-query.ts';

const t = i18n.fixation;

/**
 * The card field: a number typed by hand and Enter, for a broken scanner. Focused when the screen
 * opens. The scanner hook types every key into it as its Latin character, so a scan made while it
 * has the focus arrives here whole, at any pace, and its Enter sends it once.
 */
export function ManualEntry({ onSubmit, disabled }: { onSubmit: (code: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState('');
  const input = useRef<InputRef>(null);
  const focusedOnce = useRef(false);
  // Focused once it can take input (the canteen or school is known), unless the user went elsewhere.
  useEffect(() => {
    if (disabled || focusedOnce.current) return;
    focusedOnce.current = true;
    const active = document.activeElement;
    if (!active || active === document.body) input.current?.focus();
  }, [disabled]);
  const narrow = useMediaQuery(NARROW_QUERY);
  const submit = () => {
    const code = value.trim();
    if (code === '') return;
    // Too short to be a card is still sent to the screen, which says so.
    onSubmit(code);
    setValue('');
  };
  return (
    <Space.Compact style={{ width: 340, maxWidth: '100%' }}>
      <Input
        ref={input}
        size="large"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={submit}
        placeholder={t.manual.placeholder}
        aria-label={t.manual.label}
        title={t.manual.hint}
        disabled={disabled}
        autoComplete="off"
        {...{ [CARD_FIELD_ATTRIBUTE]: '' }}
        data-testid="manual-card"
      />
      {/* On a narrow screen the field keeps the room for its words, the button says it by its icon. */}
      <Button
        size="large"
        onClick={submit}
        disabled={disabled}
        icon={narrow ? <EnterOutlined /> : undefined}
        aria-label={narrow ? t.manual.submit : undefined}
      >
        {narrow ? null : t.manual.submit}
      </Button>
    </Space.Compact>
  );
}

/** Sound on or off, remembered for every scanning screen of this browser. */
export function SoundToggle() {
  const [muted, setMuted] = useScanSoundMuted();
  return (
    <Button
      size="large"
      icon={muted ? <MutedOutlined /> : <SoundOutlined />}
      onClick={() => setMuted(!muted)}
      aria-pressed={muted}
      aria-label={muted ? t.sound.unmute : t.sound.mute}
      title={muted ? t.sound.off : t.sound.on}
    />
  );
}

/** «В очереди: N» while scans wait for the network, with a button to try at once. */
export function QueueBar({ pending, onRetry }: { pending: number; onRetry: () => void }) {
  if (pending <= 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<CloudSyncOutlined />}
      data-testid="scan-queue"
      title={<strong style={{ fontSize: 18 }}>{t.queue.waiting(pending)}</strong>}
      description={t.queue.hint}
      action={
        <Button type="primary" onClick={onRetry}>
          {t.queue.sendNow}
        </Button>
      }
    />
  );
}
