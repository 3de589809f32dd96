import type { ScannedFixation } from '@tamaq/contract/fixations';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanCard } from './scan-card.tsx';

afterEach(cleanup);

const visit: ScannedFixation = {
  id: 1,
  created_at: '2026-11-20T07:05:00.000Z',
  user: { id: 3, name: 'Абенова Аида', job_title: null, image: null },
  classroom: { id: 4, name: '6 «А»', name_ru: '6 «А»', name_kk: null },
  category: { id: 5, name: 'Бесплатное питание' },
  school_id: 2,
  canteen_id: null,
  count: 1,
};

const card = (fixation: ScannedFixation) =>
  render(
    <ScanCard
      feedback={{ kind: 'success', code: '0001', fixation }}
      sending={0}
      detailOf={() => null}
      timeZone="Asia/Almaty"
    />,
  );

describe('the green card at the queue', () => {
  it("warns when the pupil's restrictions meet a dish of the day, naming the allergens and the dishes", () => {
    card({
      ...visit,
      restricted: {
        allergens: ['gluten', 'milk'],
        dishes: [
          { id: 7, name: 'Каша молочная', name_ru: 'Каша молочная', name_kk: 'Сүт ботқасы' },
          { id: 8, name: 'Сырники', name_ru: 'Сырники', name_kk: null },
        ],
      },
    });
    expect(screen.getByText('Питание записано')).toBeTruthy();
    expect(screen.getByTestId('scan-restricted').textContent?.trim()).toBe(
      'Ребёнку нельзя: Злаки, содержащие глютен, Молоко и молочные продукты (и лактоза). В меню сегодня: Каша молочная, Сырники',
    );
  });

  it('says nothing more when nothing of the day is kept from the pupil', () => {
    card(visit);
    expect(screen.getByText('Питание записано')).toBeTruthy();
    expect(screen.queryByTestId('scan-restricted')).toBeNull();
  });
});
