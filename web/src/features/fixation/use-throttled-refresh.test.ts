import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reloadNow } from './use-throttled-refresh.ts';

/**
 * A history whose first answer was read by the server before a scan and arrives after it: the
 * reload the scan asks for must bring the list as it is after the scan, not that first answer.
 */
describe('reloadNow', () => {
  it('asks again a list still waiting for its first answer, and shows the new answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let rows = ['before the scan'];
    const answers: (() => void)[] = [];
    let asked = 0;
    const queryFn = () => {
      asked++;
      // The server reads the rows when asked; the answer reaches the page when the test says.
      const read = [...rows];
      return new Promise<string[]>((resolve) => answers.push(() => resolve(read)));
    };
    const observer = new QueryObserver(client, { queryKey: ['fixations', 'canteen', { canteenId: 1 }], queryFn });
    const seen: (string[] | undefined)[] = [];
    const stop = observer.subscribe((r) => seen.push(r.data));
    await Promise.resolve();
    expect(asked).toBe(1);

    rows = ['before the scan', 'the scan'];
    reloadNow(client, [['fixations', 'canteen']]);
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toBe(2);
    for (const answer of answers) answer();
    await new Promise((r) => setTimeout(r, 0));
    expect(observer.getCurrentResult().data).toEqual(['before the scan', 'the scan']);
    stop();
    client.clear();
  });
});
