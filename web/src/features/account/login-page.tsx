import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from './login-form.tsx';
import { DENIED_PARAM, NEXT_PARAM } from './return-to.ts';

/** docs/product.md "Sign-in" inside the app (after a sign-out, or a link within it): the same form, routed. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <LoginForm
      next={params.get(NEXT_PARAM)}
      denied={params.get(DENIED_PARAM) === '1'}
      link={Link}
      onSignedIn={(to) => navigate(to, { replace: true })}
    />
  );
}
