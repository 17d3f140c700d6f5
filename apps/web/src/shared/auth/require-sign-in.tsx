import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../layout/full-page-loader.js';
import { useAuth } from './auth-context.js';

/** Guards every signed-in route: a spinner while the session is restored, the landing page when signed out. */
export function RequireSignIn() {
  const { status } = useAuth();
  switch (status) {
    case 'loading':
      return <FullPageLoader label="Checking your session" />;
    case 'signed-out':
      return <Navigate to="/" replace />;
    case 'signed-in':
      return <Outlet />;
  }
}
