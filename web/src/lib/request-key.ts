/**
 * A fresh Idempotency-Key: 128 random bits as 32 hex characters. `crypto.randomUUID` exists only
 * on https and localhost, and a school server is often opened as http://192.168.…; the random
 * source itself works everywhere.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
