import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { audienceOf, homeOf, type Audience } from './audience';
import { isCartSession, useSession } from './session';

/** Where an unauthenticated visit to `path` (pathname + search + hash) is sent. */
export function loginRedirectPath(path: string): string {
  return '/login?page_ref=' + encodeURIComponent(path);
}

/**
 * Guards login-required routes (spec 000 section 2): without a session the visitor goes to
 * /login with `page_ref` holding the full original path. A session of the other audience goes
 * to its own start: staff to the console, patients to the portal. A checkout link's session
 * counts as a login only on the pages that finish its order (`allowCartSession`). Wraps
 * `children`, or the nested routes when used as a layout route.
 */
export function RequireAuth({
  audience = 'patient',
  allowCartSession = false,
  children,
}: {
  /** Who the guarded pages are for: the patient portal's pages unless told otherwise. */
  audience?: Audience;
  allowCartSession?: boolean;
  children?: ReactNode;
}) {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  if (!session || (isCartSession(session) && !allowCartSession))
    return <Navigate to={loginRedirectPath(pathname + search + hash)} replace />;
  if (audienceOf(session) !== audience) return <Navigate to={homeOf(session)} replace />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * For /login: a visitor who is already logged in is sent to their start (spec 000 section 2). A
 * checkout link's session is not a login here: that is where its holder logs in for real.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session && !isCartSession(session)) return <Navigate to={homeOf(session)} replace />;
  return <>{children ?? <Outlet />}</>;
}
