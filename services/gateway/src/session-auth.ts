/**
 * The gateway checks sessions (BRIEF section 3): a bearer token is resolved with identity and
 * the caller passed on to the owning service as a signed principal. Whatever principal headers
 * the client sent are dropped first. A session resolved in the last 2 seconds is taken from the
 * SessionCache; a logout is never answered from it (its token is forgotten first), so a logout
 * takes effect on the very next request. Only patients' sessions are kept: a staff session is
 * asked of identity on every request, so disabling a staff account ends its sessions on the next
 * request through every gateway process, with no cache to wait out. If identity cannot answer, the request fails with 503
 * rather than pass as anonymous, which would log the patient out in the browser.
 *
 * A request is the person's unless it carries `X-Clinic-Activity: background` (the console's own
 * refreshes): only the person's requests move a staff session's 15-minute idle deadline, so a
 * console left polling on an empty desk still signs its person out.
 */
import type { RequestHandler } from 'express';
import {
  HttpError,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  type Logger,
  type PrincipalSigner,
} from '@clinic/kit';
import { CLINIC_ACTIVITY_HEADER, type SessionActivity } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { SessionCache } from './session-cache';

const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,256})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Whose request this is: the console marks what it fetches by itself as `background`. */
export function requestActivity(header: string | undefined): SessionActivity {
  return header?.trim().toLowerCase() === 'background' ? 'background' : 'person';
}

/** The calls that end a session: never answered from the cache. */
const LOGOUT_PATH = /^\/api\/logout\/?$/;

export function sessionAuth(
  identity: IdentityDirectory,
  principals: PrincipalSigner,
  logger: Logger,
  sessions: SessionCache,
): RequestHandler {
  return (req, _res, next) => {
    delete req.headers[PRINCIPAL_HEADER];
    delete req.headers[PRINCIPAL_SIGNATURE_HEADER];
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    const loggingOut = LOGOUT_PATH.test(req.path);
    const activity = requestActivity(req.get(CLINIC_ACTIVITY_HEADER));
    if (loggingOut) sessions.forget(token);
    const known = loggingOut ? undefined : sessions.get(token);
    if (known) {
      Object.assign(req.headers, principals.sign(known));
      return next();
    }
    identity.resolveSession(token, activity).then(
      (principal) => {
        if (principal) {
          Object.assign(req.headers, principals.sign(principal));
          if (!loggingOut && principal.role === 'patient') sessions.set(token, principal);
        }
        next();
      },
      (err: unknown) => {
        logger.warn({ err }, 'session could not be resolved');
        next(new HttpError(503, UNAVAILABLE));
      },
    );
  };
}
