import type { Fixation } from '@tamaq/contract/fixations';
import { describe, expect, it } from 'vitest';
import { fixationColumns } from './fixation-columns.tsx';

const visit: Fixation = {
  id: 1,
  created_at: '2026-11-20T07:05:00.000Z',
  user: { id: 3, name: 'Абенов Тимур', job_title: 'Повар', image: null },
  classroom: null,
  category: { id: 5, name: 'Обед' },
  school_id: null,
  canteen_id: 2,
  count: 1,
};

const dateCell = (timeZone: string) => {
  const columns = fixationColumns({ detail: { title: 'Должность', value: (f) => f.user.job_title }, timeZone });
  const date = columns.find((c) => c.key === 'date') as { render: (v: unknown, f: Fixation) => unknown };
  return date.render(undefined, visit);
};

describe('the visit history', () => {
  it("shows a visit's time on the organization's clock, not Almaty's", () => {
    expect(dateCell('Asia/Almaty')).toBe('20.11.2026 12:05');
    expect(dateCell('Europe/Moscow')).toBe('20.11.2026 10:05');
  });
});
