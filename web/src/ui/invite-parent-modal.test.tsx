import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteParentModal } from './invite-parent-modal.tsx';
import { settleAntd } from './test-antd.tsx';

type Sent = { url: string; body: unknown };
let sent: Sent[] = [];
let answer: () => Response = () => json(200, { success: true });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answer = () => json(200, { success: true });
  document.cookie = 'XSRF-TOKEN=x; path=/';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer();
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await settleAntd();
});

function open(onClose = vi.fn()) {
  render(<InviteParentModal userId={42} userName="Садыков Арман" open onClose={onClose} />);
  return onClose;
}

describe('InviteParentModal', { timeout: 60_000 }, () => {
  it('is titled with the pupil, sends the e-mail and closes with a message', async () => {
    const user = userEvent.setup();
    const onClose = open();
    expect(await screen.findByText('Пригласить родителя: Садыков Арман')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail родителя'), ' mama@example.kz ');
    await user.click(screen.getByRole('button', { name: 'Пригласить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ url: '/api/users/parent/invitation', body: { email: 'mama@example.kz', user_id: 42 } }]);
    expect(await screen.findByText('Приглашение отправлено на mama@example.kz')).toBeTruthy();
  });

  it('refuses an empty or wrong e-mail without calling the server', async () => {
    const user = userEvent.setup();
    const onClose = open();
    await user.click(await screen.findByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByText('Обязательное поле')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail родителя'), 'mama');
    await user.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByText('Введите корректный e-mail')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's field errors under the e-mail and stays open", async () => {
    const user = userEvent.setup();
    answer = () =>
      json(422, {
        error: 'Validation error',
        validationErrors: { user_id: ['Пригласить родителя можно только для ученика'] },
      });
    const onClose = open();
    await user.type(await screen.findByLabelText('E-mail родителя'), 'papa@example.kz');
    await user.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByText('Пригласить родителя можно только для ученика')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on «Отмена» without sending', async () => {
    const user = userEvent.setup();
    const onClose = open();
    await user.click(await screen.findByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
