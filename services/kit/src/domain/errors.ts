/**
 * The errors domain code throws: each says what went wrong in the product's terms, never how
 * HTTP answers it. Their messages are the spec's texts, safe to show the caller; `details` are
 * extra fields of the answer (e.g. `address_error`). The HTTP edge maps each kind to a status
 * once (kit/http/errors.ts), so a domain module never names a status code.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'payment-refused'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'unprocessable'
  | 'locked'
  | 'too-many-requests'
  | 'upstream-failed'
  | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request asks for something the rules do not allow (a bad value, a P.O. box). */
export class InvalidRequestError extends DomainError {
  readonly kind = 'invalid';
}

/** The card processor refused the charge. */
export class PaymentRefusedError extends DomainError {
  readonly kind = 'payment-refused';
}

/** The caller may not act on this (another patient's cart, a link's session out of its scope). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** No such thing, or none the caller may know of. */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The thing's state does not allow this now (already paid, being processed, taken). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** It existed but is over (an expired code or link). */
export class GoneError extends DomainError {
  readonly kind = 'gone';
}

/** Well formed but wrong (a wrong code, a key reused with another request). */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';
}

/** Held until something else happens (a cart paused after refused cards). */
export class LockedError extends DomainError {
  readonly kind = 'locked';
}

/** A limit was reached; `retryAfterMs` says when to try again. */
export class TooManyRequestsError extends DomainError {
  readonly kind = 'too-many-requests';
  constructor(
    message: string,
    readonly retryAfterMs: number,
    details: Record<string, unknown> = {},
  ) {
    super(message, details);
  }
}

/** A system this depends on cannot answer now; trying again later may work. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}

/** A system this depends on failed in a way whose outcome is unknown (a lost processor answer). */
export class UpstreamFailedError extends DomainError {
  readonly kind = 'upstream-failed';
}
