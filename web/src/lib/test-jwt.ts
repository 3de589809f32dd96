/** Builds an unsigned JWT for tests: the web never verifies signatures, the server does. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const b64url = (obj: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(obj))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

export const adminPayload = () => ({
  sub: '7',
  role: 'EducationAdmin',
  org: 3,
  school: null,
  tv: 1,
  sid: '5f0c2a52-7c8e-4b7e-9d3c-3f1a2b4c5d6e',
  sg: 1,
  exp: inAnHour(),
});
