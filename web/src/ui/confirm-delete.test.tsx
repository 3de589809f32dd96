import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { confirmAction, ConfirmDelete } from './confirm-delete.tsx';
import { settleAntd } from './test-antd.tsx';

afterEach(async () => {
  cleanup();
  await settleAntd();
});

const title = 'Вы действительно желаете удалить столовую?';

describe('ConfirmDelete', { timeout: 20_000 }, () => {
  it('deletes only after "Да", with a spinner while the server works', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)));
    render(<ConfirmDelete title={title} onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText(title)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Да' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).not.toBeNull());
    finish();
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
  });

  it('does nothing on "Отмена"', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDelete title={title} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(await screen.findByRole('button', { name: 'Отмена' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the delete is refused", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError({ status: 409, code: 'Conflict', errorMessage: 'У столовой есть посещения' });
    render(<ConfirmDelete title={title} onConfirm={() => Promise.reject(refusal)} />);
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(await screen.findByRole('button', { name: 'Да' }));
    expect(await screen.findByText('У столовой есть посещения')).toBeTruthy();
  });
});

describe('confirmAction', { timeout: 20_000 }, () => {
  it('runs the action on "Да" and answers true', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn(async () => {});
    const answer = confirmAction({ title: 'Отвязать карту от пользователя?', onOk });
    await user.click(await screen.findByRole('button', { name: 'Да' }));
    await expect(answer).resolves.toBe(true);
    expect(onOk).toHaveBeenCalledOnce();
  });

  it('answers false on "Отмена" without running the action', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    const answer = confirmAction({ title: 'Изменить количество использований?', onOk });
    await user.click(await screen.findByRole('button', { name: 'Отмена' }));
    await expect(answer).resolves.toBe(false);
    expect(onOk).not.toHaveBeenCalled();
  });
});
