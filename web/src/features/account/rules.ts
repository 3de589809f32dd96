import { EmailCodeBody, LoginBody, RegisterBody } from '@tamaq/contract/auth';
import { ProfileUpdateBody } from '@tamaq/contract/profile';
import { msg, type z } from '@tamaq/contract/zod';
import type { FormRule } from 'antd';

/**
 * Form rules that run the contract's own field schemas, so the browser refuses exactly what the
 * server would, with the same Russian words.
 */
const fromSchema =
  (schema: z.ZodType): FormRule =>
  () => ({
    validator: async (_, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? msg.required);
    },
  });

export const rules = {
  login: [fromSchema(LoginBody.shape.email)],
  loginPassword: [fromSchema(LoginBody.shape.password)],
  email: [fromSchema(RegisterBody.shape.email)],
  text: [fromSchema(RegisterBody.shape.name)],
  name: [fromSchema(ProfileUpdateBody.shape.name)],
  newPassword: [fromSchema(RegisterBody.shape.password)],
  required: [{ required: true, message: msg.required }],
  code: [fromSchema(EmailCodeBody.shape.code)],
  consent: [
    {
      validator: async (_: unknown, value: unknown) => {
        if (value !== true) throw new Error(msg.required);
      },
    },
  ] as FormRule[],
} satisfies Record<string, FormRule[]>;

/** "Repeat password" must equal the field `other` (it re-checks when that one changes). */
export const sameAs = (other: string, label = msg.passwordsDiffer): FormRule[] => [
  { required: true, message: msg.required },
  ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(label);
    },
  }),
];
