import type { ManualRow } from '@tamaq/contract/manual-fixations';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { settleAntd } from '../../ui/test-antd.tsx';
import { ManualTable } from './manual-table.tsx';
import { buildCanteenSave, buildSchoolSave } from './marks.ts';
import { SaveBar } from './save-bar.tsx';
import { useMarks } from './use-marks.ts';
import { i18n } from '../../i18n/texts.ts';
import { useUnsavedGuard } from '../../ui/use-unsaved-guard.ts';

afterEach(async () => {
  cleanup();
  await settleAntd();
});

const row = (id: number, name: string, extra: Partial<ManualRow> = {}): ManualRow => ({
  id,
  name,
  job_title: null,
  image: null,
  classroom: { id: 1, name: '1 «А»', name_ru: '1 «А»', name_kk: null },
  foodCategory: { id: 2, name: 'Платное питание' },
  fixation: false,
  fixation_count: 0,
  endless_use: false,
  ...extra,
});

const pupils = [
  row(11, 'Абаев Алихан'),
  row(12, 'Бекова Дана', { fixation: true, fixation_count: 1 }),
  row(13, 'Ветров Ерлан'),
];
const employees = [
  row(21, 'Жумабаев Марат', { job_title: 'Мастер' }),
  row(22, 'Касымова Айгерим', { job_title: 'Инженер', endless_use: true }),
];

/** What the screens put together: the marks, the table, the save bar and the leave guard. */
function Harness({ kind, rows }: { kind: 'school' | 'canteen'; rows: ManualRow[] }) {
  const mode = { counts: kind === 'canteen' };
  const marks = useMarks('scope', rows, mode);
  const [invalid, setInvalid] = useState(0);
  useUnsavedGuard(marks.dirty > 0, i18n.manualFixation);
  const body =
    kind === 'school'
      ? buildSchoolSave(rows, marks.edits, { date: '2026-11-20', schoolId: 1, classroomId: 1, categoryId: null })
      : buildCanteenSave(rows, marks.edits, { date: '2026-11-20', canteenId: 1, categoryId: 2 });
  return (
    <>
      <ManualTable
        kind={kind}
        rows={rows}
        loading={false}
        edits={marks.edits}
        all={marks.all}
        onSet={marks.set}
        onToggleAll={marks.toggleAll}
        emptyText="Пусто"
        onInvalidCounts={setInvalid}
      />
      <output data-testid="invalid-counts">{invalid}</output>
      <SaveBar dirty={marks.dirty} marked={marks.all.marked} total={rows.length} saving={false} onSave={() => {}} />
      <output data-testid="body">{JSON.stringify(body)}</output>
      <Link to="/elsewhere">Уйти</Link>
    </>
  );
}

function renderScreen(kind: 'school' | 'canteen', rows: ManualRow[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          // jsdom never ends a transition: without motion a closed dialog leaves the page.
          <ConfigProvider theme={{ token: { motion: false } }}>
            <App>
              <Harness kind={kind} rows={rows} />
            </App>
          </ConfigProvider>
        ),
      },
      { path: '/elsewhere', element: <p>Другая страница</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const body = () => JSON.parse(screen.getByTestId('body').textContent ?? '{}') as Record<string, unknown>;
const mark = (name: string) => screen.getByRole('checkbox', { name: `Отметить: ${name}` });

describe('manual fixation table', { timeout: 30_000 }, () => {
  it('counts unsaved changes and sends exactly the marked set', async () => {
    const user = userEvent.setup();
    renderScreen('school', pupils);
    expect(screen.getByText('Отмечено: 1 из 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Сохранить/ }).hasAttribute('disabled')).toBe(true);

    await user.click(mark('Абаев Алихан'));
    await user.click(mark('Бекова Дана'));
    expect(screen.getByTestId('manual-unsaved').textContent).toBe('Не сохранено: 2 изменения');
    expect(body().users_ids).toEqual([11]);
    expect(screen.getByRole('button', { name: /Сохранить/ }).hasAttribute('disabled')).toBe(false);

    await user.click(mark('Бекова Дана'));
    expect(screen.getByTestId('manual-unsaved').textContent).toBe('Не сохранено: 1 изменение');
    expect(body().users_ids).toEqual([11, 12]);
  });

  it('toggles the focused row with Space, like any checkbox', async () => {
    const user = userEvent.setup();
    renderScreen('school', pupils);
    mark('Ветров Ерлан').focus();
    await user.keyboard(' ');
    expect((mark('Ветров Ерлан') as HTMLInputElement).checked).toBe(true);
    expect(body().users_ids).toEqual([12, 13]);
  });

  it('marks everybody with the header checkbox, and clears everybody with a second press', async () => {
    const user = userEvent.setup();
    renderScreen('school', pupils);
    const all = screen.getByRole('checkbox', { name: 'Отметить всех' });
    await user.click(all);
    expect(body().users_ids).toEqual([11, 12, 13]);
    expect(screen.getByText('Отмечено: 3 из 3')).toBeTruthy();
    await user.click(all);
    expect(body().users_ids).toEqual([]);
    expect(screen.getByTestId('manual-unsaved').textContent).toBe('Не сохранено: 1 изменение');
  });

  it('gives an endless-card holder a count instead of a checkbox in the canteen flow', async () => {
    const user = userEvent.setup();
    renderScreen('canteen', employees);
    expect(screen.queryByRole('checkbox', { name: 'Отметить: Касымова Айгерим' })).toBeNull();
    const count = screen.getByRole('textbox', { name: 'Порций: Касымова Айгерим' });
    await user.type(count, '3');
    await user.click(mark('Жумабаев Марат'));
    expect(body()).toMatchObject({ users_ids: [21, 22], counts: { '22': 3 } });
    expect(screen.getByTestId('manual-unsaved').textContent).toBe('Не сохранено: 2 изменения');

    await user.clear(count);
    expect(body()).toMatchObject({ users_ids: [21], counts: {} });
  });

  it('keeps a count typed wrong as typed, says why and saves nothing of it', async () => {
    const user = userEvent.setup();
    renderScreen('canteen', employees);
    const count = screen.getByRole('textbox', { name: 'Порций: Касымова Айгерим' });
    await user.type(count, '7');
    expect(body()).toMatchObject({ counts: { '22': 7 } });
    for (const typed of ['5000', '-1', '2.5', 'abc']) {
      await user.clear(count);
      await user.type(count, typed);
      expect((count as HTMLInputElement).value).toBe(typed);
      expect(screen.getByText('Порций — целое число от 0 до 1000')).toBeTruthy();
      // The last good count stands (the empty field on the way meant none); 1000 is never sent.
      expect(JSON.stringify(body())).not.toContain('1000');
      expect(screen.getByTestId('invalid-counts').textContent).toBe('1');
    }
    await user.clear(count);
    await user.type(count, '12');
    expect(screen.queryByText('Порций — целое число от 0 до 1000')).toBeNull();
    expect(body()).toMatchObject({ counts: { '22': 12 } });
    expect(screen.getByTestId('invalid-counts').textContent).toBe('0');
  });

  it('asks before leaving with unsaved marks, and stays on «Остаться»', async () => {
    const user = userEvent.setup();
    const router = renderScreen('school', pupils);
    await user.click(mark('Абаев Алихан'));
    await user.click(screen.getByRole('link', { name: 'Уйти' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).getAllByText('Есть несохранённые отметки').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect((mark('Абаев Алихан') as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Уйти' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Не сохранять' }));
    expect(await screen.findByText('Другая страница')).toBeTruthy();
  });

  it('leaves without asking when nothing is changed', async () => {
    const user = userEvent.setup();
    renderScreen('school', pupils);
    await user.click(screen.getByRole('link', { name: 'Уйти' }));
    expect(await screen.findByText('Другая страница')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
