import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, type FormInstance } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../lib/api-error.ts';
import { applyServerErrors, toNamePath, useFormSubmit } from './form-errors.ts';
import { settleAntd } from './test-antd.tsx';

afterEach(() => {
  cleanup();
});

type Values = { name: string; address: string };
const invalid = (validationErrors: Record<string, string[]>) =>
  new ApiError({ status: 422, code: 'Validation error', validationErrors });

let formRef: FormInstance<Values>;

function CanteenForm({ submit, onSuccess }: { submit: (v: Values) => Promise<unknown>; onSuccess?: () => void }) {
  const [form] = Form.useForm<Values>();
  formRef = form;
  const { onFinish, submitting } = useFormSubmit(form, submit, {
    fallbackField: 'name',
    ...(onSuccess ? { onSuccess } : {}),
  });
  return (
    <Form form={form} onFinish={onFinish} initialValues={{ name: 'Столовая', address: '' }}>
      <Form.Item name="name" label="Название">
        <Input />
      </Form.Item>
      <Form.Item name="address" label="Адрес">
        <Input />
      </Form.Item>
      <Button htmlType="submit" loading={submitting}>
        Сохранить
      </Button>
    </Form>
  );
}

afterAll(settleAntd);

describe('applyServerErrors', { timeout: 20_000 }, () => {
  it('puts the first message of each field under that field', async () => {
    render(<CanteenForm submit={async () => {}} />);
    act(() => applyServerErrors(formRef, invalid({ address: ['Обязательное поле', 'Не длиннее 255 символов'] })));
    expect(await screen.findByText('Обязательное поле')).toBeTruthy();
    expect(screen.queryByText('Не длиннее 255 символов')).toBeNull();
    expect(formRef.getFieldError('address')).toEqual(['Обязательное поле']);
  });

  it('puts messages of fields the form lacks, and other errors, under the fallback field', () => {
    render(<CanteenForm submit={async () => {}} />);
    act(() => applyServerErrors(formRef, invalid({ organizationId: ['Организация не найдена'] }), 'name'));
    expect(formRef.getFieldError('name')).toEqual(['Организация не найдена']);
    act(() => applyServerErrors(formRef, networkError(), 'address'));
    expect(formRef.getFieldError('address')).toEqual([
      'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.',
    ]);
  });

  it('shows other errors as a message when there is no fallback field', async () => {
    render(<CanteenForm submit={async () => {}} />);
    act(() =>
      applyServerErrors(formRef, new ApiError({ status: 403, code: 'Forbidden', errorMessage: 'Недостаточно прав' })),
    );
    expect(await screen.findByText('Недостаточно прав')).toBeTruthy();
    expect(formRef.getFieldError('name')).toEqual([]);
  });

  it('reads nested server field names', () => {
    expect(toNamePath('rows.0.name')).toEqual(['rows', 0, 'name']);
  });
});

describe('useFormSubmit', { timeout: 20_000 }, () => {
  it('marks the fields the server refused', async () => {
    const user = userEvent.setup();
    render(<CanteenForm submit={() => Promise.reject(invalid({ address: ['Обязательное поле'] }))} />);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Обязательное поле')).toBeTruthy();
  });

  it('sends once however often the button is clicked, then reports success', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const submit = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const onSuccess = vi.fn();
    render(<CanteenForm submit={submit} onSuccess={onSuccess} />);
    const save = screen.getByRole('button', { name: 'Сохранить' });
    await user.click(save);
    await user.click(save);
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledWith({ name: 'Столовая', address: '' });
    act(() => finish());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
  });
});
