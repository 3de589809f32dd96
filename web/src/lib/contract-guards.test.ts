import { TokenPayload } from '@tamaq/contract/auth';
import { ErrorBody, ValidationErrorBody } from '@tamaq/contract/errors';
import { describe, expect, it } from 'vitest';
import { asErrorBody, asValidationBody } from './api-error.ts';
import { tokenPayload } from './session.ts';

/**
 * The hand-written checks that keep zod out of the first download must accept and refuse
 * exactly what the contract's schemas do, and keep the same fields.
 */
const agree = <T>(
  check: (v: unknown) => T | null,
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  samples: unknown[],
) => {
  for (const sample of samples) {
    const parsed = schema.safeParse(sample);
    expect({ sample, got: check(sample) }).toEqual({ sample, got: parsed.success ? parsed.data : null });
  }
};

describe('the hand-written contract checks', () => {
  it('read a token payload as TokenPayload does', () => {
    const good = {
      sub: '12',
      role: 'Cashier',
      org: 3,
      school: null,
      tv: 0,
      sid: '5f0c2a52-7c8e-4b7e-9d3c-3f1a2b4c5d6e',
      sg: 2,
    };
    agree(tokenPayload, TokenPayload, [
      good,
      { ...good, iat: 1, exp: 2 },
      { ...good, school: 5 },
      { ...good, org: null },
      { ...good, role: 'Hacker' },
      { ...good, sub: 12 },
      { ...good, tv: 1.5 },
      { ...good, org: '3' },
      { ...good, tv: undefined },
      null,
      'token',
      [],
    ]);
  });

  it('read error answers as ErrorBody and ValidationErrorBody do', () => {
    const samples = [
      { error: 'Validation error', validationErrors: { email: ['Обязательное поле'] } },
      { error: 'Validation error', validationErrors: {} },
      { error: 'Validation error', validationErrors: { email: 'Обязательное поле' } },
      { error: 'Validation error', validationErrors: [] },
      { error: 'Validation error', validationErrors: null },
      { error: 'Not found', errorMessage: 'Не найдено', extra: 1 },
      { error: 'Not found' },
      { error: 1, errorMessage: 'x' },
      null,
      '<html>',
    ];
    agree(asValidationBody, ValidationErrorBody, samples);
    agree(asErrorBody, ErrorBody, samples);
  });
});
