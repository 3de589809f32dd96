import { Flex, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useSchoolPace } from './api/school-pace.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.fixation.pace;

/** 75 s → «1:15»; an hour and more → «1:02:05». */
export const clockOf = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
};

/** Now on the server's clock, as this computer knows it from the answer's `at`, ticking each second. */
function useServerNow(at: string | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return at ? Date.parse(at) + Math.max(0, now - receivedAt) : now;
}

/**
 * The queue's pace at a school's counter: scans of the last minute and of the last 10 minutes, and
 * the class being served with the time it has taken so far, ticking live.
 */
export function QueuePace({ schoolId }: { schoolId: number | undefined }) {
  const pace = useSchoolPace(schoolId);
  const now = useServerNow(pace.data?.at, pace.dataUpdatedAt);
  if (!pace.data) return null;
  const { lastMinute, lastTenMinutes, currentClass } = pace.data;
  return (
    <Flex gap={16} wrap align="center" data-testid="queue-pace" style={{ fontSize: 16 }}>
      <Tooltip title={t.scansHint}>
        <Typography.Text style={{ whiteSpace: 'nowrap' }}>
          {t.lastMinute}{' '}
          <Typography.Text strong data-testid="pace-minute">
            {lastMinute}
          </Typography.Text>
          , {t.lastTenMinutes}{' '}
          <Typography.Text strong data-testid="pace-ten">
            {lastTenMinutes}
          </Typography.Text>
        </Typography.Text>
      </Tooltip>
      {currentClass && (
        <Tooltip title={t.classHint}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="pace-class">
            {t.classLabel(nameText(currentClass))}{' '}
            <Typography.Text strong data-testid="pace-class-time">
              {clockOf(now - Date.parse(currentClass.since))}
            </Typography.Text>
            , {t.ofPupils(currentClass.scans, currentClass.pupils)}
          </Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}
