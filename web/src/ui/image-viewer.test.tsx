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
});
