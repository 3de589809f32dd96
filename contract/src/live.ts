import type { Fixation } from './fixations.ts';
import type { LibraryStudent } from './library.ts';

/**
 * The live channels' messages (websocket, after a ticket from the channel's subscribe endpoint:
 * `LiveTicket`), declared once for the server that sends them and the screens that read them.
 * Types only: the screens read them without loading zod.
 */

/** A school's live list: a visit recorded (by a scan or by hand), a visit deleted. */
export type SchoolLiveMessage = { type: 'fixation'; fixation: Fixation } | { type: 'fixation-deleted'; id: number };
/** The library desk: the student whose card the desk's reader read. */
export type LibraryLiveMessage = { type: 'student'; student: LibraryStudent };
/** The server's first message on a socket: its channel is open. */
export type LiveSubscribed = { type: 'subscribed'; channel: string };
/**
 * Messages may have been lost between the server's instances (their shared Redis was away): a screen
 * reads again what it shows, as it does when its socket reconnects.
 */
export type LiveResync = { type: 'resync' };
export type LiveMessage = SchoolLiveMessage | LibraryLiveMessage | LiveSubscribed | LiveResync;
export type LiveMessageType = LiveMessage['type'];

/** The channel of a school's visits. */
export const schoolChannel = (schoolId: number) => `school-fixation-${schoolId}`;
/** The channel of a school library's desk reader. */
export const libraryChannel = (schoolId: number) => `school-library-${schoolId}`;

/**
 * Whether a message read from a socket is of the given type (the socket's data is the server's
 * own: the type tells the rest).
 */
export const isLive = <T extends LiveMessageType>(
  message: unknown,
  type: T,
): message is Extract<LiveMessage, { type: T }> =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
