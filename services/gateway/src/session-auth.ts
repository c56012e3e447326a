/**
 * The gateway checks sessions (BRIEF section 3): a bearer token is resolved with identity on
 * every routed request and the caller passed on to the owning service as a signed principal.
 * Whatever principal headers the client sent are dropped first. No cache: a logout or password
 * reset takes effect on the very next request. If identity cannot answer, the request fails
 * with 503 rather than pass as anonymous, which would log the patient out in the browser.
 */
import type { RequestHandler } from 'express';
import {
  HttpError,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  type Logger,
  type PrincipalSigner,
} from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity-client';

const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,256})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export function sessionAuth(
  identity: IdentityDirectory,
  principals: PrincipalSigner,
  logger: Logger,
): RequestHandler {
  return (req, _res, next) => {
    delete req.headers[PRINCIPAL_HEADER];
    delete req.headers[PRINCIPAL_SIGNATURE_HEADER];
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    identity.resolveSession(token).then(
      (principal) => {
        if (principal) Object.assign(req.headers, principals.sign(principal));
        next();
      },
      (err: unknown) => {
        logger.warn({ err }, 'session could not be resolved');
        next(new HttpError(503, UNAVAILABLE));
      },
    );
  };
}
