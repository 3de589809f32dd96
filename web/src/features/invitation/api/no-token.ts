/**
 * The invitation calls are public and must not carry a stored session: a parent's wrong password
 * answers 401, which for a call that carried the token would sign a staff member on this browser
 * out of every tab. An empty Authorization replaces the one the client would add.
 */
export const NO_TOKEN = { Authorization: '' } as const;
