import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { rules } from './rules.ts';

const consent = rules.consent[0] as RuleObject;
const check = (value: unknown) => consent.validator!(consent, value, () => {});

describe('rules.consent', () => {
  it('asks for consent to data processing, not just "required"', async () => {
    await expect(check(false)).rejects.toThrow('Нужно согласие на обработку персональных данных');
    await expect(check(true)).resolves.toBeUndefined();
  });
});
