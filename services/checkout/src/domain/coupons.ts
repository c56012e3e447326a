/**
 * Coupons: a flat discount valid for some payment terms. The same check runs when a coupon is
 * entered and again when the checkout charges, so a coupon that expired or does not fit the
 * term in between is never applied.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { couponMessages, type PaymentTerm } from '@clinic/contracts';
import { type Executor, InvalidRequestError, NotFoundError } from '@clinic/kit';
import { coupons } from '../db/schema';

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
  const [row] = await db
    .select({
      id: coupons.id,
      amountCents: coupons.amountCents,
      paymentTerms: coupons.paymentTerms,
    })
    .from(coupons)
    .where(
      and(
        // Matched case-insensitively, as the unique index on lower(code) is.
        sql`lower(${coupons.code}) = lower(${trimmed})`,
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
      ),
    );
  // No such (live) coupon: nothing by that code to apply.
  if (!row) throw new NotFoundError(couponMessages.invalid);
  if (row.paymentTerms && !row.paymentTerms.includes(term))
    throw new InvalidRequestError(couponMessages.wrongTerm);
  return { id: row.id, amountCents: row.amountCents };
}
