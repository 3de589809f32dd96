import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** A fresh ticket for the school's live channel; the server checks the role and the school scope. */
export const subscribeSchool = (schoolId: number) => callEndpoint('fixations', 'subscribe', { body: { schoolId } });
