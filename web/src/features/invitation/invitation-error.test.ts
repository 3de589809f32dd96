import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { invitationError } from './invitation-error.ts';

const error = (status: number, code: string, errorMessage?: string) =>
  new ApiError({ status, code, ...(errorMessage ? { errorMessage } : {}) });

describe('invitationError', () => {
  it('says docs/product.md "Errors" words for a bad password, a dead invitation and anything else', () => {
    expect(invitationError(error(401, 'Unauthorized', 'Неверный логин или пароль'))).toBe('Неверный логин или пароль');
    expect(invitationError(error(404, 'Invitation not found', 'x'))).toBe(
      'Приглашение не найдено! Возможно, срок действия приглашения истёк или оно уже использовано. Попросите отправить его повторно',
    );
    for (const other of [
      error(404, 'Not found', 'Не найдено'),
      error(500, 'Internal server error'),
      error(0, 'Network error'),
    ]) {
      expect(invitationError(other)).toBe('Произошла ошибка, попробуйте позже');
    }
    expect(invitationError(new Error('boom'))).toBe('Произошла ошибка, попробуйте позже');
  });

  it("keeps the server's words for a staff e-mail and for too many tries", () => {
    expect(invitationError(error(409, 'Conflict', 'Не родительская учётная запись'))).toBe(
      'Не родительская учётная запись',
    );
    expect(invitationError(error(429, 'Too many requests', 'Слишком много запросов'))).toBe('Слишком много запросов');
  });
});
