import { msg } from '@tamaq/contract/messages';
import type { z } from '@tamaq/contract/zod';
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

/**
 * `fromSchema` for a schema loaded on first use: the sign-in pages show before zod arrives (issue
 * 12: the login route's JavaScript), and it is fetched when the first field is checked.
 */
export const fromLazySchema = (load: () => Promise<z.ZodType>): FormRule => {
  let schema: Promise<z.ZodType> | undefined;
  return () => ({
    validator: async (_, value: unknown) => {
      schema ??= load();
      let loaded: z.ZodType;
      try {
        loaded = await schema;
      } catch {
        // The chunk did not arrive (a bad line): check what needs no schema, try again next time;
        // the server checks the rest and answers in the same words.
        schema = undefined;
        if (typeof value !== 'string' || value.trim() === '') throw new Error(msg.required);
        return;
      }
      const result = loaded.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? msg.required);
    },
  });
};

/** "Repeat password" must equal the field `other` (it re-checks when that one changes). */
export const sameAs = (other: string, label = msg.passwordsDiffer): FormRule[] => [
  { required: true, message: msg.required },
  ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(label);
    },
  }),
];
