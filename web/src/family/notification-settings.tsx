import { LoadFailed } from './load-failed.tsx';
import { DIGEST_TIME } from '@tamaq/contract/family-limits';
import type { NotificationSettingsBody } from '@tamaq/contract/notifications';
import type { NotificationSettings as Settings } from '@tamaq/contract/notifications';
import { useState, type FormEvent } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { Button, Card, Checkbox, Field, Loading, toast } from '../ui/plain/plain.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from './api/child-notifications.ts';
import { formErrorsOf } from './form-errors.ts';

const t = i18n.landing.children.notificationSettings;

const FIELDS = ['quiet_from', 'quiet_to', 'email_digest'] as const;

function SettingsForm({ s }: { s: Settings }) {
  const save = useSaveNotificationSettings();
  const [digest, setDigest] = useState(s.email_digest);
  const [quiet, setQuiet] = useState(s.quiet_from !== null);
  const [from, setFrom] = useState(s.quiet_from ?? '21:00');
  const [to, setTo] = useState(s.quiet_to ?? '07:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field the person changes loses the server's complaint about it.
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: NotificationSettingsBody = {
      quiet_from: quiet ? from : null,
      quiet_to: quiet ? to : null,
      email_digest: digest,
    };
    try {
      await save.mutateAsync(body);
      setErrors({});
      toast('success', t.saved);
    } catch (err) {
      const { byField, other } = formErrorsOf(err, FIELDS);
      setErrors(byField);
      if (other) toast('error', other);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="notification-settings-form" noValidate>
      <div style={{ marginBottom: 8 }}>
        <Checkbox
          checked={digest}
          onChange={(on) => {
            setDigest(on);
            clear('email_digest');
          }}
        >
          {t.digest(DIGEST_TIME)}
        </Checkbox>
      </div>
      <div style={{ marginBottom: 8 }}>
        <Checkbox checked={quiet} onChange={setQuiet}>
          {t.quiet}
        </Checkbox>
      </div>
      {quiet && (
        <div className="tq-row" style={{ gap: 12, alignItems: 'flex-start' }}>
          <div style={{ width: 110 }}>
            <Field
              label={t.from}
              inputMode="numeric"
              maxLength={5}
              placeholder={t.timePlaceholder}
              value={from}
              error={errors.quiet_from}
              onChange={(e) => {
                setFrom(e.target.value);
                clear('quiet_from');
              }}
            />
          </div>
          <div style={{ width: 110 }}>
            <Field
              label={t.to}
              inputMode="numeric"
              maxLength={5}
              placeholder={t.timePlaceholder}
              value={to}
              error={errors.quiet_to}
              onChange={(e) => {
                setTo(e.target.value);
                clear('quiet_to');
              }}
            />
          </div>
        </div>
      )}
      {errors.email_digest && (
        <div className="tq-field-error" role="alert">
          {errors.email_digest}
        </div>
      )}
      <p className="tq-secondary">{t.about}</p>
      <Button kind="primary" type="submit" loading={save.isPending}>
        {t.save}
      </Button>
    </form>
  );
}

/**
 * The parent's settings for every notice about their children (docs/rules.md "Notifications"): quiet
 * hours, in which nothing is sent and everything waits for their end, and letters as one daily digest.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  return (
    <Card title={t.title} data-testid="notification-settings">
      {settings.isError && !settings.data ? (
        <LoadFailed message={t.loadFailed} retry={settings.refetch} />
      ) : !settings.data ? (
        <Loading rows={2} label={i18n.ui.loading} />
      ) : (
        <SettingsForm s={settings.data} />
      )}
    </Card>
  );
}
