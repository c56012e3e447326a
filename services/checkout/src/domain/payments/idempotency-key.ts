import { checkoutMessages } from '@clinic/contracts';
import { InvalidRequestError } from '@clinic/kit';

const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** The caller's Idempotency-Key header (Stripe's convention), or a 400 saying what is wrong. */
export function requireIdempotencyKey(header: string | undefined): string {
  if (!header) throw new InvalidRequestError(checkoutMessages.idempotencyKeyRequired);
  if (!idempotencyKeyPattern.test(header))
    throw new InvalidRequestError(
      'The Idempotency-Key header must be 1 to 255 visible characters.',
    );
  return header;
}
