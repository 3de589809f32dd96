import type { RegisterBody } from '@tamaq/contract/auth';
import { Button, Checkbox, Form, Input, type FormInstance } from 'antd';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { rules } from './rules.ts';
import { useAlertSubmit } from '../../ui/use-alert-submit.ts';

export type SignupDetails = RegisterBody & { consent: boolean };
const t = i18n.signup;

type Props = { form: FormInstance<SignupDetails>; onSubmit: (body: RegisterBody) => Promise<void> };

/** Sign-up step 1: who, which organization, the password, and consent to data processing. */
export function SignupDetailsStep({ form, onSubmit }: Props) {
  // docs/product.md "Validation": an error of no particular field shows under the organization field on this form.
  const { onFinish, submitting, alert } = useAlertSubmit(form, ({ consent: _consent, ...body }) => onSubmit(body), {
    fallbackField: 'organization',
  });
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="signup-form">
      <FormAlert text={alert} />
      <Form.Item name="name" label={i18n.fields.name} rules={rules.text} required>
        <Input autoComplete="name" autoFocus />
      </Form.Item>
      <Form.Item name="organization" label={i18n.fields.organization} rules={rules.text} required>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item name="email" label={i18n.fields.email} rules={rules.email} required>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <NewPasswordFields label={i18n.fields.password} />
      <Form.Item name="consent" valuePropName="checked" rules={rules.consent}>
        <Checkbox data-testid="consent">
          {t.consentPrefix}
          <Link to="/privacy" target="_blank">
            {t.consentLink}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t.submit}
      </Button>
    </Form>
  );
}
