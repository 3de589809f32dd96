import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStationTarget } from './use-station-target.ts';

afterEach(() => localStorage.clear());

describe('the scanning station’s canteen or school', () => {
  it('keeps the one chosen, even when a canteen added later sorts first', () => {
    const chosen = renderHook(() => useStationTarget('canteen', '7', [1, 2], 2));
    expect(chosen.result.current).toBe(2);
    chosen.unmount();
    // Reopened without the link, after the admin added canteen 9 (first in the list).
    expect(renderHook(() => useStationTarget('canteen', '7', [9, 1, 2], undefined)).result.current).toBe(2);
  });

  it('settles on the first one for a new station, and keeps that too', () => {
    expect(renderHook(() => useStationTarget('school', '7', [4, 5], undefined)).result.current).toBe(4);
    expect(renderHook(() => useStationTarget('school', '7', [3, 4, 5], undefined)).result.current).toBe(4);
  });

  it('keeps each user’s choice apart, and forgets one that no longer exists', () => {
    renderHook(() => useStationTarget('canteen', '7', [1, 2], 2));
    expect(renderHook(() => useStationTarget('canteen', '8', [1, 2], undefined)).result.current).toBe(1);
    expect(renderHook(() => useStationTarget('canteen', '7', [1, 3], undefined)).result.current).toBe(1);
  });

  it('waits for the list', () => {
    expect(renderHook(() => useStationTarget('canteen', '7', undefined, 2)).result.current).toBeUndefined();
  });
});
