import type { LiveTicket } from '../../../lib/live-channel.ts';
import { api } from '../../../lib/api-client.ts';

/** A fresh ticket for the school's live channel; the server checks the role and the school scope. */
export const subscribeSchool = (schoolId: number) =>
  api.post<LiveTicket>('/api/school/fixation/subscribe', { schoolId });
