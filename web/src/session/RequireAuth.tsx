import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { audienceOf, homeOf, type Audience } from './audience';
import { useSession } from './session';

/** Where an unauthenticated visit to `path` (pathname + search + hash) is sent. */
export function loginRedirectPath(path: string): string {
  return '/login?page_ref=' + encodeURIComponent(path);
}

/**
 * Guards login-required routes (spec 000 section 2): without a session the visitor goes to
 * /login with `page_ref` holding the full original path. A session of the other audience goes
 * to its own start: staff to the console, patients to the portal. Wraps `children`, or the
 * nested routes when used as a layout route.
 */
export function RequireAuth({
  audience = 'patient',
  children,
}: {
  /** Who the guarded pages are for: the patient portal's pages unless told otherwise. */
  audience?: Audience;
  children?: ReactNode;
}) {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  if (!session) return <Navigate to={loginRedirectPath(pathname + search + hash)} replace />;
  if (audienceOf(session) !== audience) return <Navigate to={homeOf(session)} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** For /login: a visitor who is already logged in is sent to their start (spec 000 section 2). */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={homeOf(session)} replace />;
  return <>{children ?? <Outlet />}</>;
}
