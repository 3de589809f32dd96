import { msg } from '@tamaq/contract/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { shellTexts } from '../../i18n/shell-texts.ts';
import { errorText, isApiError } from '../../lib/api-client.ts';
import { readToken, setToken } from '../../lib/session.ts';
import type { LinkComponent } from '../../ui/link-type.tsx';
import { login } from './api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { returnTarget } from './return-to.ts';
import './login-form.css';

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

/**
 * docs/product.md "Sign-in": login or e-mail and password; back to the remembered page, else to `/`. Plain
 * elements, no antd and no router: the sign-in page is every user's first download, and
 * the app loads once the user is in. Errors of a field stay under it, others go into the alert.
 */
export function LoginForm({
  next,
  denied,
  link: To,
  onSignedIn,
}: {
  next: string | null;
  denied: boolean;
  link: LinkComponent;
  onSignedIn: (to: string) => Promise<void> | void;
}) {
  const t = shellTexts.login;
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reveal, setReveal] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: value.trim() ? undefined : msg.required }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing: Errors = {};
    if (!values.email.trim()) missing.email = msg.required;
    if (!values.password) missing.password = msg.required;
    setErrors(missing);
    if (missing.email || missing.password) return;
    setBusy(true);
    setAlert(null);
    try {
      const { access_token } = await login({ email: values.email.trim(), password: values.password });
      setToken(access_token);
      const role = readToken()?.role;
      await onSignedIn(role ? returnTarget(next, role) : '/');
    } catch (err) {
      if (isApiError(err) && err.status === 401) setAlert(t.badCredentials);
      else if (isApiError(err) && err.validationErrors) {
        const v = err.validationErrors;
        setErrors({ email: v.email?.[0], password: v.password?.[0] });
        if (!v.email && !v.password) setAlert(errorText(err));
      } else setAlert(errorText(err));
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, input: ReactNode) => (
    <div className={errors[name] ? 'tq-field tq-field-invalid' : 'tq-field'}>
      <label htmlFor={`login-${name}`}>{label}</label>
      <div className="tq-input">{input}</div>
      <div className="tq-field-error" id={`login-${name}-error`} role={errors[name] ? 'alert' : undefined}>
        {errors[name]}
      </div>
    </div>
  );

  return (
    <AuthCard title={t.title}>
      {alert ? (
        <div className="tq-alert" role="alert" data-testid="form-alert">
          {alert}
        </div>
      ) : (
        denied && (
          <div className="tq-alert tq-alert-info" data-testid="form-alert">
            {t.denied}
          </div>
        )
      )}
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        {field(
          'email',
          shellTexts.fields.login,
          <input
            id="login-email"
            name="email"
            autoComplete="username"
            autoFocus
            maxLength={254}
            value={values.email}
            aria-invalid={!!errors.email}
            aria-describedby="login-email-error"
            onChange={(e) => change('email', e.target.value)}
          />,
        )}
        {field(
          'password',
          shellTexts.fields.password,
          <>
            <input
              id="login-password"
              name="password"
              type={reveal ? 'text' : 'password'}
              autoComplete="current-password"
              maxLength={128}
              value={values.password}
              aria-invalid={!!errors.password}
              aria-describedby="login-password-error"
              onChange={(e) => change('password', e.target.value)}
            />
            <button
              type="button"
              className="tq-reveal"
              aria-label={reveal ? t.hidePassword : t.showPassword}
              onClick={() => setReveal((r) => !r)}
            >
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
                <circle cx="12" cy="12" r="3" />
                {!reveal && <path d="M3 3l18 18" />}
              </svg>
            </button>
          </>,
        )}
        <button type="submit" className="tq-submit" disabled={busy} aria-busy={busy}>
          {t.submit}
        </button>
      </form>
      <div className="tq-links">
        <To to="/recovery">{t.forgot}</To>
        <span>
          {t.noAccount} <To to="/signup">{t.toSignup}</To>
        </span>
      </div>
    </AuthCard>
  );
}
