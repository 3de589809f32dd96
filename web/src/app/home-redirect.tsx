import { HOME_BY_ROLE } from '@tamaq/contract/routes';
import { Navigate } from 'react-router';
import { StudentHome } from './screens.tsx';
import { useSession } from '../lib/use-session.ts';

/** `/` needs only a session and sends each role to its own start screen (docs/product.md "Home"). */
export function HomeRedirect() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  const home = HOME_BY_ROLE[session.role];
  // A student has no start screen of its own and stays on `/` with the app-download landing.
  if (home === '/') return <StudentHome />;
  return <Navigate to={home} replace />;
}
