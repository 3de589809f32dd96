import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { msg } from '@tamaq/contract/zod';
import { i18n } from '../i18n/texts.ts';
import { appLanguage } from '../i18n/texts.ts';

/**
 * The Russian and Kazakh names of a thing the organization makes (contract/src/names.ts): the
 * reader's language first, either may be filled first, at least one. The form's values are `name`
 * (Russian) and `name_kk`.
 */
export function NameFields({ max = 255, placeholder }: { max?: number; placeholder?: string }) {
  const t = i18n.ui.otherLanguageName;
  const oneOfThem =
    (other: 'name' | 'name_kk'): Rule =>
    ({ getFieldValue }) => ({
      validator: async (_, value: string | undefined) => {
        if (!value?.trim() && !String(getFieldValue(other) ?? '').trim()) throw new Error(msg.required);
      },
    });
  const tooLong: Rule = { max, message: msg.tooLong(max) };
  const ru = (
    <Form.Item
      key="name"
      name="name"
      label={t.ruField}
      dependencies={['name_kk']}
      rules={[oneOfThem('name_kk'), tooLong]}
      required
    >
      <Input placeholder={appLanguage() === 'ru' ? placeholder : undefined} autoFocus={appLanguage() === 'ru'} />
    </Form.Item>
  );
  const kk = (
    <Form.Item
      key="name_kk"
      name="name_kk"
      label={t.kkField}
      dependencies={['name']}
      rules={[oneOfThem('name'), tooLong]}
      extra={t.eitherHint}
      required
    >
      <Input
        placeholder={appLanguage() === 'kk' ? placeholder : undefined}
        autoFocus={appLanguage() === 'kk'}
        lang="kk"
      />
    </Form.Item>
  );
  return <>{appLanguage() === 'kk' ? [kk, ru] : [ru, kk]}</>;
}
