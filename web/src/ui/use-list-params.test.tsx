import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useListParams, type ListParams } from './use-list-params.ts';

let current: ListParams;
let router: ReturnType<typeof createMemoryRouter>;

function Probe() {
  current = useListParams();
  return <div data-testid="search">{router.state.location.search}</div>;
}

function mount(url: string) {
  router = createMemoryRouter([{ path: '/classrooms', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

const search = () => new URLSearchParams(router.state.location.search);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useListParams', () => {
  it('reads search, page and filters from the URL', () => {
    mount('/classrooms?schoolId=4&query=5%D0%90&page=3');
    expect(current).toMatchObject({
      query: '5А',
      debouncedQuery: '5А',
      page: 3,
      offset: 60,
      limit: 30,
      params: { schoolId: '4', query: '5А', page: '3' },
    });
  });

  it('sends a search only 200 ms after typing stops, and starts it from page 1', () => {
    mount('/classrooms?page=4');
    act(() => current.setQuery('5'));
    act(() => vi.advanceTimersByTime(100));
    act(() => current.setQuery('5А'));
    act(() => vi.advanceTimersByTime(150));
    expect(current.query).toBe('5А');
    expect(current.debouncedQuery).toBe('');
    expect(current.page).toBe(4);
    act(() => vi.advanceTimersByTime(60));
    expect(current.debouncedQuery).toBe('5А');
    expect(current.page).toBe(1);
    expect(search().get('query')).toBe('5А');
    expect(search().has('page')).toBe(false);
  });

  it('drops a search typed just before the browser left for another page', () => {
    mount('/classrooms');
    act(() => current.setQuery('Супы'));
    // A link followed within the 200 ms: the browser is elsewhere when the search would be written.
    window.history.pushState(null, '', '/products/7');
    try {
      act(() => vi.advanceTimersByTime(250));
      expect(search().has('query')).toBe(false);
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('moves between pages through the URL, so Back returns to the previous page', async () => {
    mount('/classrooms');
    act(() => current.setOffset(90));
    expect(current.page).toBe(4);
    expect(search().get('page')).toBe('4');
    await act(() => router.navigate(-1));
    expect(current.page).toBe(1);
  });

  it('resets to page 1 when a filter changes, and removes an emptied filter', () => {
    mount('/classrooms?schoolId=4&page=5');
    act(() => current.setParam('schoolId', 7));
    expect(current.params).toEqual({ schoolId: '7' });
    act(() => current.setParam('schoolId', null));
    expect(current.params).toEqual({});
  });

  it('applies several filters set in one handler, in one navigation back to page 1', () => {
    mount('/classrooms?schoolId=1&classroomId=5&page=3');
    act(() => current.setParams({ schoolId: 2, classroomId: null, status: 'active' }));
    expect(current.params).toEqual({ schoolId: '2', status: 'active' });
    act(() => current.setParams({ schoolId: 3, page: 2 }));
    expect(current.params).toEqual({ schoolId: '3', status: 'active', page: '2' });
  });

  it('keeps both changes when setParam is called twice in one handler', () => {
    mount('/classrooms?schoolId=1&classroomId=5');
    act(() => {
      current.setParam('schoolId', 2);
      current.setParam('classroomId', null);
    });
    expect(current.params).toEqual({ schoolId: '2' });
  });

  it('follows a search changed from outside (a link or the Back button)', async () => {
    mount('/classrooms?query=1%D0%91');
    await act(() => router.navigate('/classrooms?query=2%D0%92'));
    expect(current.query).toBe('2В');
    expect(screen.getByTestId('search').textContent).toContain('query=');
  });
});
