import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsView } from './school-settings-page.tsx';

afterEach(cleanup);

const configured = {
  server: '10.12.0.15',
  port: 5432,
  database: 'turnstile',
  user: 'tamaq',
  password: 'пароль-турникета',
};

describe('SettingsView', { timeout: 20_000 }, () => {
  it('shows the connection and hides the password until «Показать пароль»', async () => {
    render(<SettingsView settings={configured} />);
    expect(screen.getByText('10.12.0.15')).toBeTruthy();
    expect(screen.getByText('5432')).toBeTruthy();
    expect(screen.getByTestId('settings-password').textContent).toBe('••••••••');
    expect(screen.queryByText('пароль-турникета')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(screen.getByTestId('settings-password').textContent).toBe('пароль-турникета');
    await user.click(screen.getByRole('button', { name: 'Скрыть пароль' }));
    expect(screen.getByTestId('settings-password').textContent).toBe('••••••••');
    expect(screen.queryByText('Подключение турникета для этой школы ещё не настроено')).toBeNull();
  });

  it('says when nothing is configured, without a password toggle', () => {
    render(<SettingsView settings={{ server: null, port: null, database: null, user: null, password: null }} />);
    expect(screen.getByText('Подключение турникета для этой школы ещё не настроено')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать пароль' })).toBeNull();
    expect(screen.getAllByText('—')).toHaveLength(5);
  });
});
