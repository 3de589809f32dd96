import { describe, expect, it } from 'vitest';
import { loginPath, returnTarget } from './return-to.ts';

describe('loginPath', () => {
  it('remembers the page and whether access was refused', () => {
    expect(loginPath('/users?page=2')).toBe('/login?next=%2Fusers%3Fpage%3D2');
    expect(loginPath('/users', true)).toBe('/login?next=%2Fusers&denied=1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath(null)).toBe('/login');
  });

  it('refuses to remember an address outside the app', () => {
    expect(loginPath('//evil.example/x')).toBe('/login');
    expect(loginPath('https://evil.example')).toBe('/login');
  });
});

describe('returnTarget', () => {
  it('returns to a page the new role may open, with its query', () => {
    expect(returnTarget('/users?page=2', 'Admin')).toBe('/users?page=2');
    expect(returnTarget('/classroom/5/users', 'EducationSocialTeacher')).toBe('/classroom/5/users');
  });

  it('goes home when the role may not open the page, or it is public or unknown', () => {
    expect(returnTarget('/organizations', 'Cashier')).toBe('/');
    expect(returnTarget('/login', 'Admin')).toBe('/');
    expect(returnTarget('/nowhere/at/all', 'Admin')).toBe('/');
    expect(returnTarget(null, 'Admin')).toBe('/');
    expect(returnTarget('//evil.example', 'Admin')).toBe('/');
  });
});
