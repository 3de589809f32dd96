import { Form, Input } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { sameAs } from '../../ui/form-rules.ts';
import { rules } from './rules.ts';

/** The new password and its repetition, as sign-up, recovery and the password change all ask them. */
export function NewPasswordFields({
  label = i18n.fields.newPassword,
  autoFocus = false,
}: {
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Form.Item name="password" label={label} rules={rules.newPassword} required>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={i18n.fields.passwordConfirmation}
        dependencies={['password']}
        rules={sameAs('password')}
        required
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
