import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { LoadFailed } from './report-card.tsx';

afterEach(cleanup);

const failed = (error: ApiError) => {
  const refetch = vi.fn();
  render(<LoadFailed report={{ error, refetch } as unknown as UseQueryResult<unknown>} />);
  return { refetch, alert: screen.getByRole('alert') };
};

describe('a report that did not load', () => {
  it('offers «Повторить» when the server was not reached or failed', async () => {
    for (const status of [0, 500, 503, 429]) {
      const { refetch, alert } = failed(new ApiError({ status, code: 'x', errorMessage: 'Сервер недоступен' }));
      await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
      expect(refetch).toHaveBeenCalledOnce();
      cleanup();
    }
  });

  it('says what is wrong with the question, with no «Повторить» that would get the same answer', () => {
    for (const status of [400, 403, 404, 422]) {
      const { alert } = failed(
        new ApiError({ status, code: 'Validation error', validationErrors: { dateTo: ['Период — не больше года'] } }),
      );
      expect(alert.textContent).toContain('Период — не больше года');
      expect(within(alert).queryByRole('button')).toBeNull();
      cleanup();
    }
  });
});
