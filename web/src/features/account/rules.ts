import { msg } from '@tamaq/contract/messages';
import type { FormRule } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { fromLazySchema } from '../../ui/form-rules.ts';

// The contract's schemas (and zod with them) load when a field is first checked, not with the page.
const auth = () => import('@tamaq/contract/auth');
const profile = () => import('@tamaq/contract/profile');

export const rules = {
  login: [fromLazySchema(async () => (await auth()).LoginBody.shape.email)],
  loginPassword: [fromLazySchema(async () => (await auth()).LoginBody.shape.password)],
  email: [fromLazySchema(async () => (await auth()).RegisterBody.shape.email)],
  text: [fromLazySchema(async () => (await auth()).RegisterBody.shape.name)],
  name: [fromLazySchema(async () => (await profile()).ProfileUpdateBody.shape.name)],
  newPassword: [fromLazySchema(async () => (await auth()).RegisterBody.shape.password)],
  required: [{ required: true, message: msg.required }],
  code: [fromLazySchema(async () => (await auth()).EmailCodeBody.shape.code)],
  consent: [
    {
      validator: async (_: unknown, value: unknown) => {
        if (value !== true) throw new Error(i18n.signup.consentRequired);
      },
    },
  ] as FormRule[],
} satisfies Record<string, FormRule[]>;
