import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from 'antd';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, nextXhr } from '../lib/fake-xhr.ts';
import { ImageUpload, type UploadedImage } from './image-upload.tsx';
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

let formRef: FormInstance<{ photo: UploadedImage | null }>;

function PupilForm() {
  const [form] = Form.useForm<{ photo: UploadedImage | null }>();
  formRef = form;
  return (
    <Form form={form} initialValues={{ photo: null }}>
      <Form.Item name="photo" label="Фото">
        <ImageUpload />
      </Form.Item>
    </Form>
  );
}

const file = (name: string, type: string, bytes = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};
// The chooser's own filter is bypassed, as when a user picks "All files".
const user = () => userEvent.setup({ applyAccept: false });
const chooser = () => screen.getByTestId<HTMLInputElement>('image-upload-input');

describe('ImageUpload', { timeout: 20_000 }, () => {
  it('uploads the chosen photo with a progress bar and puts {id, url} into the form', async () => {
    render(<PupilForm />);
    expect(screen.getByRole('button', { name: 'Выбрать фото' })).toBeTruthy();
    await user().upload(chooser(), file('me.jpg', 'image/jpeg'));
    const xhr = await nextXhr();
    expect(xhr.url).toBe('/api/image/upload');
    expect(xhr.body?.get('image')).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(await screen.findByText('40%')).toBeTruthy();
    act(() => xhr.respond(200, { id: 12, url: '/api/image/12' }));
    await waitFor(() => expect(formRef.getFieldValue('photo')).toEqual({ id: 12, url: '/api/image/12' }));
    expect(screen.queryByText('40%')).toBeNull();
    expect(screen.getByRole('button', { name: 'Сменить фото' }).querySelector('img')?.getAttribute('src')).toBe(
      '/api/image/12',
    );
  });

  it('refuses, without sending it, a file over 5 MB that cannot be read as an image to scale it down', async () => {
    render(<PupilForm />);
    await user().upload(chooser(), file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    expect(
      await screen.findByText('Файл не читается как изображение: возможно, он повреждён. Выберите другое фото.'),
    ).toBeTruthy();
    expect(FakeXhr.last).toBeNull();
  });

  it('refuses a file that is not a JPEG, PNG or WebP photo', async () => {
    render(<PupilForm />);
    await user().upload(chooser(), file('scan.pdf', 'application/pdf'));
    expect(await screen.findByText('Подходят только фото в формате JPEG, PNG или WebP.')).toBeTruthy();
    expect(FakeXhr.last).toBeNull();
  });

  it("shows the server's reason when the upload is refused and keeps the old photo", async () => {
    const onChange = vi.fn();
    render(<ImageUpload value={{ id: 1, url: '/api/image/1' }} onChange={onChange} />);
    await user().upload(chooser(), file('me.png', 'image/png'));
    const xhr = await nextXhr();
    act(() => xhr.respond(415, { error: 'Unsupported media type', errorMessage: 'Файл не является изображением' }));
    expect(await screen.findByText('Файл не является изображением')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
