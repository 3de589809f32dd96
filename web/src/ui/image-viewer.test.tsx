import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Thumb } from './image-viewer.tsx';

afterEach(cleanup);

describe('Thumb', { timeout: 20_000 }, () => {
  it('shows a placeholder when the person has no photo', () => {
    render(<Thumb />);
    expect(screen.getByRole('img', { name: 'Нет фото' })).toBeTruthy();
  });

  it('opens the photo enlarged on click', async () => {
    render(<Thumb url="/api/image/5" alt="Иванов Иван" size={60} />);
    const thumb = screen.getByAltText('Иванов Иван');
    expect(thumb.getAttribute('src')).toBe('/api/image/5');
    await userEvent.click(thumb);
    await waitFor(() => expect(document.querySelectorAll('img[src="/api/image/5"]').length).toBe(2));
  });

  it('closes the enlarged photo on Esc, wherever the focus is', async () => {
    render(<Thumb url="/api/image/6" alt="Петров Пётр" size={60} />);
    await userEvent.click(screen.getByAltText('Петров Пётр'));
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).toBeTruthy());
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Escape}');
    // jsdom runs no animations: the preview stays in its closing motion, which is what Esc starts.
    await waitFor(() => expect(document.querySelector('.ant-image-preview')!.className).toMatch(/-leave/));
  });
});
