import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, nextXhr } from '../lib/fake-xhr.ts';
import { ImportButton, type ImportButtonProps } from './import-button.tsx';
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

const result = { imported: 3, created: 2, updated: 1 };

async function importWith(props: Partial<ImportButtonProps>) {
  const onDone = vi.fn();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <ImportButton url="/api/users/upload" onDone={onDone} {...props} />
      </App>
    </ConfigProvider>,
  );
  await userEvent
    .setup({ applyAccept: false })
    .upload(screen.getByTestId('file-upload-input'), new File(['x'], 'a.xlsx'));
  const xhr = await nextXhr();
  act(() => xhr.respond(200, result));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
}

const notices = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('ImportButton', { timeout: 20_000 }, () => {
  it('says once how many rows were loaded', async () => {
    await importWith({});
    await waitFor(() => expect(notices()).toEqual(['Загружено строк: 3']));
  });

  it('says the page’s own text instead, still once', async () => {
    await importWith({ doneText: (r) => `Добавлено: ${r.created}, обновлено: ${r.updated}` });
    await waitFor(() => expect(notices()).toEqual(['Добавлено: 2, обновлено: 1']));
  });
});
