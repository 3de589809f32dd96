import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeStep } from './code-step.tsx';

afterEach(cleanup);

function mount(onSubmit: (code: string) => Promise<void>) {
  render(
    <CodeStep
      email="parent@example.kz"
      submitLabel="Подтвердить"
      onSubmit={onSubmit}
      explain={() => 'Неверный код подтверждения'}
      resendAt={Date.now() + 60_000}
      onResend={() => Promise.reject(new Error('not in this test'))}
      onResent={() => {}}
    />,
  );
  return screen.getByLabelText('Код подтверждения') as HTMLInputElement;
}

describe('CodeStep', { timeout: 20_000 }, () => {
  it('keeps the code field usable and focused while sending and after a wrong code', async () => {
    let fail: (err: Error) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    const field = mount(onSubmit);
    const user = userEvent.setup();
    await user.click(field);
    await user.type(field, '123456{Enter}');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(field.disabled).toBe(false);
    expect(document.activeElement).toBe(field);

    await user.keyboard('{Enter}'); // a second Enter while the first is on its way sends nothing
    expect(onSubmit).toHaveBeenCalledOnce();

    await act(async () => fail(new Error('wrong')));
    expect(await screen.findByText('Неверный код подтверждения')).toBeTruthy();
    expect(field.disabled).toBe(false);
    expect(document.activeElement).toBe(field);
  });
});
