import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { DataTable } from './data-table.tsx';

type Row = { id: number; name: string };
// A few rows are enough to show; the pager works from `total`. (Role queries over big tables are slow in jsdom.)
const rows: Row[] = Array.from({ length: 3 }, (_, i) => ({ id: 31 + i, name: `Ученик ${31 + i}` }));
const columns = [{ title: 'ФИО', dataIndex: 'name', key: 'name' }];

afterEach(cleanup);

const pager = () => {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Страницы"]');
  if (!nav) throw new Error('no pager');
  return nav;
};

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onPageChange = vi.fn();
  render(
    <DataTable<Row>
      columns={columns}
      rowKey="id"
      rows={rows}
      total={245}
      loading={false}
      limit={30}
      offset={30}
      onPageChange={onPageChange}
      {...props}
    />,
  );
  return onPageChange;
}

describe('DataTable', { timeout: 20_000 }, () => {
  it('shows the rows and where in the list they are', () => {
    table();
    expect(screen.getByText('Ученик 31')).toBeTruthy();
    expect(screen.getByText('31–60 из 245')).toBeTruthy();
    const nav = pager();
    expect(within(nav).getByRole('button', { name: 'Страница 2' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Страница \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('asks for the offset of the page clicked, and of first/previous/next/last', async () => {
    const onPageChange = table();
    const user = userEvent.setup();
    await user.click(within(pager()).getByRole('button', { name: 'Страница 5' }));
    await user.click(within(pager()).getByRole('button', { name: 'Первая страница' }));
    await user.click(within(pager()).getByRole('button', { name: 'Предыдущая страница' }));
    await user.click(within(pager()).getByRole('button', { name: 'Следующая страница' }));
    await user.click(within(pager()).getByRole('button', { name: 'Последняя страница' }));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([120, 0, 0, 60, 240]);
  });

  it('shows a shorter window of pages on a phone-sized screen', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(max-width: 699px)',
    })) as typeof window.matchMedia;
    try {
      table({ offset: 150 }); // page 6
      const pages = within(pager())
        .getAllByRole('button', { name: /^Страница \d+$/ })
        .map((b) => b.textContent);
      expect(pages).toEqual(['3', '4', '5', '6', '7', '8']);
    } finally {
      window.matchMedia = original;
    }
  });

  it('puts the name before the photo on a phone-sized screen, and lets the actions scroll with the row', () => {
    const withPhoto = [
      { title: 'Фото', key: 'photo', render: () => '🙂' },
      { title: 'ФИО', dataIndex: 'name', key: 'name' },
      { title: 'Действия', key: 'actions', render: () => 'изменить' },
    ];
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    const actionsFixed = () => document.querySelector('thead th:last-child')!.className.includes('ant-table-cell-fix');
    table({ columns: withPhoto });
    expect(headers()).toEqual(['Фото', 'ФИО', 'Действия']);
    expect(actionsFixed()).toBe(true);
    cleanup();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(max-width: 699px)',
    })) as typeof window.matchMedia;
    try {
      table({ columns: withPhoto });
      expect(headers()).toEqual(['ФИО', 'Фото', 'Действия']);
      expect(actionsFixed()).toBe(false);
    } finally {
      window.matchMedia = original;
    }
  });

  it('disables first/previous on the first page', () => {
    table({ offset: 0 });
    expect(within(pager()).getByRole('button', { name: 'Первая страница' }).hasAttribute('disabled')).toBe(true);
    expect(within(pager()).getByRole('button', { name: 'Следующая страница' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a spinner while loading', () => {
    const { container } = render(
      <DataTable<Row>
        columns={columns}
        rowKey="id"
        rows={undefined}
        total={undefined}
        loading
        limit={30}
        offset={0}
        onPageChange={() => {}}
      />,
    );
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it('never says «nothing here» before its rows came: a query still waiting says it is loading', () => {
    table({ rows: undefined, total: undefined, offset: 0, emptyText: 'Посещений пока нет' });
    expect(screen.queryByText('Посещений пока нет')).toBeNull();
    expect(screen.getByText('Загрузка…')).toBeTruthy();
  });

  it('says the list is empty, with no pager', () => {
    table({ rows: [], total: 0, offset: 0, emptyText: 'Столовых пока нет' });
    expect(screen.getByText('Столовых пока нет')).toBeTruthy();
    expect(document.querySelector('nav')).toBeNull();
  });

  it('shows why the list failed to load, with a retry, instead of "no data"', async () => {
    const onRetry = vi.fn();
    table({
      rows: undefined,
      total: undefined,
      offset: 0,
      error: new ApiError({ status: 503, code: 'Service Unavailable' }),
      onRetry,
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Сервер временно недоступен, попробуйте позже');
    expect(screen.queryByText('Нет данных')).toBeNull();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no retry for a refused request: the same question gets the same answer', () => {
    table({
      rows: undefined,
      total: undefined,
      offset: 0,
      error: new ApiError({
        status: 422,
        code: 'Validation error',
        validationErrors: { dateFrom: ['Дата начала позже даты конца'] },
      }),
      onRetry: vi.fn(),
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Дата начала позже даты конца');
    expect(within(alert).queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('goes back to the last page when the current one emptied (after a delete)', () => {
    const onPageChange = table({ rows: [], total: 60, offset: 60 });
    expect(onPageChange).toHaveBeenCalledWith(30);
  });
});
