import { describe, expect, expectTypeOf, it } from 'vitest';
import { fillPath, PATHS } from './api-paths.ts';
import type { Canteen, CanteenList } from './canteens.ts';
import { ENDPOINTS, type CallAnswer, type CallInput, type Endpoint, type Endpoints } from './endpoints.ts';

describe('the endpoint declarations', () => {
  it('take their method and path from the zod-free table, one for one', () => {
    for (const [group, names] of Object.entries(PATHS)) {
      const declared = ENDPOINTS[group as keyof typeof ENDPOINTS] as Record<string, Endpoint>;
      expect(Object.keys(declared).sort()).toEqual(Object.keys(names).sort());
      for (const [name, route] of Object.entries(names)) {
        const e = declared[name]!;
        expect({ method: e.method, path: e.path }).toEqual(route);
        expect(e.tag).toBe(group);
        expect(e.summary.length).toBeGreaterThan(3);
      }
    }
  });

  it('type what a caller sends and gets', () => {
    expectTypeOf<CallInput<Endpoints['canteens']['get']>>().toExtend<{ params: { id: unknown } }>();
    expectTypeOf<CallInput<Endpoints['canteens']['get']>>().not.toHaveProperty('body');
    expectTypeOf<CallAnswer<Endpoints['canteens']['get']>>().toEqualTypeOf<Canteen>();
    expectTypeOf<CallAnswer<Endpoints['canteens']['list']>>().toEqualTypeOf<CanteenList>();
    expectTypeOf<CallInput<Endpoints['canteens']['create']>>().toHaveProperty('body');
  });

  it('fill a path’s parameters, encoded, and refuse a missing one', () => {
    expect(fillPath('/api/canteen/:id', { id: 7 })).toBe('/api/canteen/7');
    expect(fillPath('/api/x/:name', { name: 'a/b c' })).toBe('/api/x/a%2Fb%20c');
    expect(() => fillPath('/api/canteen/:id', {})).toThrow('id');
  });
});
