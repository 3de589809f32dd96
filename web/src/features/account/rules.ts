import { EmailCodeBody, LoginBody, RegisterBody } from '@tamaq/contract/auth';
import { ProfileUpdateBody } from '@tamaq/contract/profile';
import { msg } from '@tamaq/contract/zod';
import type { FormRule } from 'antd';
import { ru } from '../../i18n/ru.ts';
import { fromSchema } from '../../ui/form-rules.ts';

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
        if (value !== true) throw new Error(ru.signup.consentRequired);
      },
    },
  ] as FormRule[],
} satisfies Record<string, FormRule[]>;
