/**
 * The family's limits and times, apart from the schemas that use them: the family's page reads these
 * and loads no zod (docs/rules.md "The family's app").
 */

/** The longest comment to a meal's rating. */
export const RATING_COMMENT_MAX = 500;

/** The longest note a parent writes to a child's restrictions. */
export const RESTRICTION_NOTE_MAX = 500;

/** The hour of the day a digest letter goes, in the child's organization's time. */
export const DIGEST_TIME = '19:00';
