import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LinkButton } from './link-button.tsx';

afterEach(cleanup);

describe('LinkButton', () => {
  it('is one link (one tab stop) that moves inside the app', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <LinkButton to="/login">Войти</LinkButton> },
        { path: '/login', element: <p>Вход</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Войти' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button')).toBeNull();
    await userEvent.setup().click(link);
    expect(await screen.findByText('Вход')).toBeTruthy();
  });
});
