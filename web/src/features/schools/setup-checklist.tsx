import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import type { SetupStep } from '@tamaq/contract/setup';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Progress, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useSession } from '../../lib/use-session.ts';

/** Where each step is taken. */
const STEP_PATH: Record<SetupStep, string> = {
  schools: '/school/create',
  calendar: '/calendar',
  meal_times: '/fixation/categories',
  food_categories: '/food/categories',
  classes: '/classrooms',
  pupils: '/users',
  cards: '/classrooms',
  dishes: '/categories',
  menu: '/menus',
  cashier: '/user/create',
  social_teacher: '/user/create',
};

const hiddenKey = (userId: string) => `tamaq.setup.hidden.${userId}`;

/**
 * A new organization's first steps on the admin's first screen: each ticked once done (the server
 * reads what the organization holds), each linking to the screen that does it. Shown while a step
 * is left; the admin may hide it (this browser remembers) and show it again.
 */
export function SetupChecklist() {
  const session = useSession();
  const t = i18n.structure.setup;
  const kindergarten = session?.role === 'EducationKindergartenAdmin';
  const userId = session?.sub ?? '';
  const [hidden, setHidden] = useState(() => localStorage.getItem(hiddenKey(userId)) === '1');
  const progress = useQuery({
    queryKey: ['setup', 'progress'],
    queryFn: ({ signal }) => callEndpoint('setup', 'progress', {}, { signal }),
    // Steps are taken on other screens: read again when the admin comes back.
    staleTime: 0,
  });
  const steps = progress.data?.steps ?? [];
  const done = steps.filter((s) => s.done).length;
  if (!progress.data || done === steps.length) return null;
  const hide = (value: boolean) => {
    localStorage.setItem(hiddenKey(userId), value ? '1' : '0');
    setHidden(value);
  };
  if (hidden)
    return (
      <Flex justify="end">
        <Button type="link" onClick={() => hide(false)} data-testid="setup-show">
          {t.show} ({t.progress(done, steps.length)})
        </Button>
      </Flex>
    );
  const label = (key: SetupStep) =>
    (kindergarten ? (t.kindergartenSteps as Partial<Record<SetupStep, string>>)[key] : undefined) ?? t.steps[key];
  return (
    <Card
      data-testid="setup-checklist"
      title={t.title}
      extra={
        <Button type="text" onClick={() => hide(true)}>
          {t.hide}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Progress
        aria-label={t.progress(done, steps.length)}
        percent={Math.round((done / steps.length) * 100)}
        format={() => t.progress(done, steps.length)}
      />
      <ol style={{ paddingLeft: 20, margin: '12px 0 0', columns: '2 320px' }}>
        {steps.map((s) => (
          <li
            key={s.key}
            data-testid="setup-step"
            data-done={s.done}
            style={{ padding: '4px 0', breakInside: 'avoid' }}
          >
            {s.done ? (
              <Typography.Text type="secondary">
                <CheckCircleFilled style={{ color: '#2e7d4f', marginRight: 6 }} aria-hidden />
                <span>{label(s.key)}</span>
              </Typography.Text>
            ) : (
              <Link to={STEP_PATH[s.key]}>
                {label(s.key)} <RightOutlined style={{ fontSize: 10 }} aria-hidden />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
