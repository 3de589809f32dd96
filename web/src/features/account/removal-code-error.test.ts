import { AUTH_MESSAGES } from '@tamaq/contract/auth';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../lib/api-error.ts';
import { removalCodeError } from './removal-code-error.ts';

const refused = (code: string[]) => new ApiError({ status: 422, code: 'Validation error', validationErrors: { code } });

describe('removalCodeError', () => {
  it('says the code is wrong for a wrong code', () => {
    expect(removalCodeError(refused([AUTH_MESSAGES.codeWrong]))).toBe('Неверный код подтверждения');
  });

  it("passes on the server's word when the code can no longer work, so the user asks for a new one", () => {
    expect(removalCodeError(refused([AUTH_MESSAGES.codeDead]))).toBe('Код больше не действует, запросите новый');
    expect(removalCodeError(refused([AUTH_MESSAGES.codeExpired]))).toBe('Код истёк, запросите новый');
  });

  it('says the code is wrong when the server gives no reason', () => {
    expect(removalCodeError(new ApiError({ status: 404, code: 'Not found' }))).toBe('Неверный код подтверждения');
    expect(removalCodeError(new Error('boom'))).toBe('Неверный код подтверждения');
  });

  it('leaves no connection and too many requests to their own words', () => {
    expect(removalCodeError(networkError())).toBeUndefined();
    expect(removalCodeError(new ApiError({ status: 429, code: 'Too many requests' }))).toBeUndefined();
  });
});
