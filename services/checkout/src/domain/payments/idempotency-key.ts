import { checkoutMessages } from '@clinic/contracts';
import { HttpError } from '@clinic/kit';

const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** The caller's Idempotency-Key header (Stripe's convention), or a 400 saying what is wrong. */
export function requireIdempotencyKey(header: string | undefined): string {
  if (!header) throw new HttpError(400, checkoutMessages.idempotencyKeyRequired);
  if (!idempotencyKeyPattern.test(header))
    throw new HttpError(400, 'The Idempotency-Key header must be 1 to 255 visible characters.');
  return header;
}
