import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, nextXhr } from '../lib/fake-xhr.ts';
import { FileUploadButton } from './file-upload-button.tsx';
import { settleAntd } from './test-antd.tsx';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = 'XSRF-TOKEN=abc; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(settleAntd);

const sheet = (name = 'Классы.xlsx') => new File(['x'], name);
const chooser = () => screen.getByTestId<HTMLInputElement>('file-upload-input');
const user = () => userEvent.setup({ applyAccept: false });

describe('FileUploadButton', { timeout: 20_000 }, () => {
  it('sends the spreadsheet with its extra fields, shows progress, then hands over the answer', async () => {
    const onDone = vi.fn();
    render(
      <FileUploadButton
        url="/api/classroom/upload?schoolId=3"
        extra={{ kind: 'classes' }}
        onDone={onDone}
        label="Импорт из Excel"
      />,
    );
    expect(screen.getByRole('button', { name: /Импорт из Excel/ })).toBeTruthy();
    await user().upload(chooser(), sheet());
    const xhr = await nextXhr();
    expect(xhr.url).toBe('/api/classroom/upload?schoolId=3');
    expect(xhr.body?.get('kind')).toBe('classes');
    expect((xhr.body?.get('file') as File).name).toBe('Классы.xlsx');
    act(() => xhr.progress(3, 4));
    expect(await screen.findByText('75%')).toBeTruthy();
    act(() => xhr.progress(4, 4));
    expect(await screen.findByText('Обработка…')).toBeTruthy();
    act(() => xhr.respond(200, { created: 12 }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ created: 12 }, expect.any(File)));
    expect(screen.queryByText('Обработка…')).toBeNull();
  });

  it('refuses a file of another kind before sending it', async () => {
    render(<FileUploadButton url="/api/users/upload" onDone={vi.fn()} />);
    await user().upload(chooser(), sheet('pupils.csv'));
    expect(await screen.findByText('Подходят только файлы: .xlsx,.xls')).toBeTruthy();
    expect(FakeXhr.last).toBeNull();
  });

  it("shows the server's reason when the import fails", async () => {
    const onDone = vi.fn();
    render(<FileUploadButton url="/api/users/upload" onDone={onDone} />);
    await user().upload(chooser(), sheet('pupils.xls'));
    const xhr = await nextXhr();
    act(() =>
      xhr.respond(422, { error: 'Validation error', validationErrors: { file: ['Строка 3: не указано ФИО'] } }),
    );
    expect(await screen.findByText('Строка 3: не указано ФИО')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
