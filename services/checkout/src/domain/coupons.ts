/**
 * Coupons: a flat discount valid for some payment terms. The same check runs when a coupon is
 * entered and again when the checkout charges, so a coupon that expired or does not fit the
 * term in between is never applied.
 */
import { sql } from 'drizzle-orm';
import { couponMessages, type PaymentTerm } from '@clinic/contracts';
import { rows, type Executor, InvalidRequestError, NotFoundError } from '@clinic/kit';

export interface Coupon {
  id: number;
  amountCents: number;
}

export async function findCoupon(
  db: Executor,
  code: string,
  term: PaymentTerm,
  now: Date,
): Promise<Coupon> {
  const trimmed = code.trim();
  if (trimmed === '') throw new InvalidRequestError(couponMessages.empty);
  const [row] = await rows<{ id: number; amount_cents: number; payment_terms: number[] | null }>(
    db,
    sql`select id, amount_cents, payment_terms from checkout.coupons
        where lower(code) = lower(${trimmed}) and active
          and (expires_at is null or expires_at > ${now})`,
  );
  // No such (live) coupon: nothing by that code to apply.
  if (!row) throw new NotFoundError(couponMessages.invalid);
  if (row.payment_terms && !row.payment_terms.includes(term))
    throw new InvalidRequestError(couponMessages.wrongTerm);
  return { id: row.id, amountCents: row.amount_cents };
}
