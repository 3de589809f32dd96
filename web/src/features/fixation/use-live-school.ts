import { isLive } from '@tamaq/contract/live';
import { useEffect, useRef, useState } from 'react';
import { openLiveChannel, type LiveStatus } from '../../lib/live-channel.ts';
import { subscribeSchool } from './api/subscribe-school.ts';

/**
 * The school's live channel while the screen shows it: `onVisit` on every visit recorded or deleted
 * that the server pushes, and also each time the channel (re)connects, since visits may have come
 * in while away.
 */
export function useLiveSchool(schoolId: number | undefined, onVisit: () => void): LiveStatus | null {
  const [status, setStatus] = useState<{ schoolId: number; status: LiveStatus } | null>(null);
  const latest = useRef(onVisit);
  useEffect(() => {
    latest.current = onVisit;
  });
  useEffect(() => {
    if (schoolId === undefined) return;
    const channel = openLiveChannel({
      subscribe: () => subscribeSchool(schoolId),
      onMessage: (message) => {
        if (isLive(message, 'fixation') || isLive(message, 'fixation-deleted')) latest.current();
      },
      onLive: () => latest.current(),
      onStatus: (s) => setStatus({ schoolId, status: s }),
    });
    return () => channel.close();
  }, [schoolId]);
  // A status of the previous school is not this one's.
  return status && status.schoolId === schoolId ? status.status : schoolId === undefined ? null : 'connecting';
}
