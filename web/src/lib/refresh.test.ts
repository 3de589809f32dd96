import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './refresh.ts';

describe('refreshAfterWrite', () => {
  it('reads a list again when its first read began before the write, instead of keeping that read', async () => {
    const client = new QueryClient();
    let rows = ['Завхоз'];
    const reads: Array<() => void> = [];
    // Each read answers what the server held when it began, once released.
    const observer = new QueryObserver(client, {
      queryKey: ['users', 'list', { query: 'X' }],
      queryFn: () => {
        const held = [...rows];
        return new Promise<string[]>((resolve) => reads.push(() => resolve(held)));
      },
    });
    const seen: (string[] | undefined)[] = [];
    const stop = observer.subscribe((r) => seen.push(r.data));
    expect(reads).toHaveLength(1);
    // The import writes two people while that first read is under way, then the list is refreshed.
    rows = ['Завхоз', 'Повар', 'Мойщица'];
    const refreshed = refreshAfterWrite(client, ['users']);
    reads[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toHaveLength(2);
    reads[1]!();
    await refreshed;
    expect(observer.getCurrentResult().data).toEqual(['Завхоз', 'Повар', 'Мойщица']);
    stop();
  });
});
