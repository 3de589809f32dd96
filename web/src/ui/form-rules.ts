import { msg, type z } from '@tamaq/contract/zod';
import type { FormRule } from 'antd';

/**
 * A form rule that runs a contract field schema, so the browser refuses exactly what the server
 * would, with the same Russian words.
 */
export const fromSchema =
  (schema: z.ZodType): FormRule =>
  () => ({
    validator: async (_, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? msg.required);
    },
  });

/** "Repeat password" must equal the field `other` (it re-checks when that one changes). */
export const sameAs = (other: string, label = msg.passwordsDiffer): FormRule[] => [
  { required: true, message: msg.required },
  ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(label);
    },
  }),
];
