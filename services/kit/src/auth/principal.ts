/**
 * How a service learns who is calling. The gateway resolves the bearer token to a principal and
 * passes it on in a header signed with the cluster's shared secret; services trust only a valid,
 * fresh signature, so a client cannot claim to be someone by sending the header itself. Calls
 * between services (never routed by the gateway) carry a token derived from the same secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { principalSchema, type Principal } from '@clinic/contracts';
import { HttpError } from '../http/errors';

export const PRINCIPAL_HEADER = 'x-clinic-principal';
export const PRINCIPAL_SIGNATURE_HEADER = 'x-clinic-principal-signature';
export const INTERNAL_CALL_HEADER = 'x-clinic-internal';

/** A signed principal is good for this long: enough for a slow proxy hop, useless to replay. */
const MAX_AGE_MS = 60_000;

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class PrincipalSigner {
  private readonly secret: string;

  /** Without a secret (single-node mode) a random one is made: only this process can sign. */
  constructor(secret?: string) {
    this.secret = secret ?? randomBytes(32).toString('base64url');
  }

  private mac(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  sign(principal: Principal, now = Date.now()): Record<string, string> {
    const value = Buffer.from(JSON.stringify({ ...principal, at: now })).toString('base64url');
    return { [PRINCIPAL_HEADER]: value, [PRINCIPAL_SIGNATURE_HEADER]: this.mac(value) };
  }

  verify(value: unknown, signature: unknown, now = Date.now()): Principal | null {
    if (typeof value !== 'string' || typeof signature !== 'string') return null;
    if (!equal(this.mac(value), signature)) return null;
    try {
      const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as {
        at?: unknown;
      };
      if (typeof decoded.at !== 'number' || Math.abs(now - decoded.at) > MAX_AGE_MS) return null;
      const parsed = principalSchema.safeParse(decoded);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** The credential one service presents to another's internal routes. */
  internalToken(): string {
    return this.mac('internal-call');
  }

  isInternalCall(token: unknown): boolean {
    return typeof token === 'string' && equal(token, this.internalToken());
  }
}

/** Puts the verified principal (or null) in `res.locals.principal`; the raw headers are dropped. */
export function principalMiddleware(signer: PrincipalSigner): RequestHandler {
  return (req, res, next) => {
    res.locals.principal = signer.verify(
      req.headers[PRINCIPAL_HEADER],
      req.headers[PRINCIPAL_SIGNATURE_HEADER],
    );
    delete req.headers[PRINCIPAL_HEADER];
    delete req.headers[PRINCIPAL_SIGNATURE_HEADER];
    next();
  };
}

/** Guards a service's internal routes: only callers holding the cluster secret get through. */
export function internalOnly(signer: PrincipalSigner): RequestHandler {
  return (req, _res, next) => {
    next(
      signer.isInternalCall(req.headers[INTERNAL_CALL_HEADER])
        ? undefined
        : new HttpError(403, 'Forbidden'),
    );
  };
}

export function principalOf(locals: Record<string, unknown>): Principal | null {
  return (locals.principal as Principal | null | undefined) ?? null;
}
