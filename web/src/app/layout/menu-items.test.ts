import { describe, expect, it } from 'vitest';
import { activeHref } from './menu-items.tsx';

const admin = ['/fixation', '/fixation/manual', '/canteens', '/watches', '/fixation/categories', '/users', '/cards'];
const edu = ['/school/fixation', '/school/fixation/manual', '/schools', '/classrooms', '/food/categories', '/users'];

describe('activeHref', () => {
  it('lights the entry of the page itself', () => {
    expect(activeHref('/canteens', admin)).toBe('/canteens');
    expect(activeHref('/fixation/manual', admin)).toBe('/fixation/manual');
    expect(activeHref('/school/fixation', edu)).toBe('/school/fixation');
  });

  it('lights the list a form or detail page belongs to', () => {
    expect(activeHref('/canteen/3', admin)).toBe('/canteens');
    expect(activeHref('/canteen/create', admin)).toBe('/canteens');
    expect(activeHref('/watch/7', admin)).toBe('/watches');
    expect(activeHref('/user/12', admin)).toBe('/users');
    expect(activeHref('/school/4/settings', edu)).toBe('/schools');
    expect(activeHref('/classroom/5/users', edu)).toBe('/classrooms');
    expect(activeHref('/classroom/2/create', edu)).toBe('/classrooms');
    expect(activeHref('/food/category/9', edu)).toBe('/food/categories');
  });

  it('does not light an entry whose path merely begins the page’s', () => {
    expect(activeHref('/fixation/category/2', admin)).toBe('/fixation/categories');
    expect(activeHref('/fixation/category/2', ['/fixation'])).toBeUndefined();
  });

  it('lights nothing for a section the role does not have in its menu, or an unknown page', () => {
    expect(activeHref('/organization/3', admin)).toBeUndefined();
    expect(activeHref('/nowhere/1', admin)).toBeUndefined();
  });
});
