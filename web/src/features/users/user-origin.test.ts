import { describe, expect, it } from 'vitest';
import { returnPath, withFrom } from './user-origin.ts';

const search = (s: string) => new URLSearchParams(s);

describe('returnPath', () => {
  it('goes back to the list the form was opened from, with its search and page', () => {
    const link = withFrom('/user/5', '/pupils?schoolId=2&page=3');
    expect(link).toBe('/user/5?from=%2Fpupils%3FschoolId%3D2%26page%3D3');
    expect(returnPath(search(link.split('?')[1]!), null)).toBe('/pupils?schoolId=2&page=3');
  });

  it('falls back to the class pupils in a class context, else to /users', () => {
    expect(returnPath(search(''), 7)).toBe('/classroom/7/users');
    expect(returnPath(search(''), null)).toBe('/users');
  });

  it('never leaves the app', () => {
    for (const from of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(returnPath(search(`from=${encodeURIComponent(from)}`), null)).toBe('/users');
    }
  });
});
