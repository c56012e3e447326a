/**
 * Coupons: a flat discount valid for some payment terms, from an optional start to an optional
 * expiry, for a capped number of payments over everyone and per patient. The same check runs
 * when a coupon is entered and again when the checkout charges, so a coupon that expired or does
 * not fit the term in between is never applied.
 *
 * Caps hold under concurrent payments: a payment takes its use (`reserveCouponUse`) in the
 * transaction that stores its attempt, before the card is charged, under a lock on the coupon's
 * row, so of ten payments racing for the last three uses exactly three get one; the others are
 * refused with nothing charged. A payment that fails gives its use back (`releaseCouponUse`) in
 * the transaction that records the failure.
 */
import { and, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { couponMessages, type PaymentTerm } from '@clinic/contracts';
import {
  ConflictError,
  type Executor,
  type Tx,
  InvalidRequestError,
  NotFoundError,
} from '@clinic/kit';
import { couponRedemptions, coupons } from '../db/schema';

export interface Coupon {
  id: number;
  amountCents: number;
}

/** Live now: active, started, not expired. */
function liveAt(now: Date) {
  return and(
    eq(coupons.active, true),
    or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
    or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
  );
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
      maxUses: coupons.maxUses,
    })
    .from(coupons)
    // Matched case-insensitively, as the unique index on lower(code) is.
    .where(and(sql`lower(${coupons.code}) = lower(${trimmed})`, liveAt(now)));
  // No such (live) coupon: nothing by that code to apply.
  if (!row) throw new NotFoundError(couponMessages.invalid);
  if (row.paymentTerms && !row.paymentTerms.includes(term))
    throw new InvalidRequestError(couponMessages.wrongTerm);
  // Told early when it is used up; the payment counts again under a lock (reserveCouponUse).
  if (row.maxUses !== null && (await usesOf(db, row.id)) >= row.maxUses)
    throw new ConflictError(couponMessages.usedUp);
  return { id: row.id, amountCents: row.amountCents };
}

/** Payments that used the coupon: paid, or being paid. */
export async function usesOf(db: Executor, couponId: number): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return total?.n ?? 0;
}

/** Who a use counts against: the account, or a guest's email until the account exists. */
export function couponPatientKey(userId: number | null, guestEmail: string | null): string {
  if (userId !== null) return `user:${userId}`;
  return `email:${(guestEmail ?? '').trim().toLowerCase()}`;
}

/**
 * Takes one use of coupon `couponId` for the payment attempt `attemptKey` (already inserted in
 * `tx`), or refuses with a ConflictError when a cap is reached and with the checker's errors when
 * the coupon stopped being valid for `term` meanwhile. The coupon's row stays locked until `tx`
 * ends, so concurrent payments count one after another.
 */
export async function reserveCouponUse(
  tx: Tx,
  use: {
    couponId: number;
    attemptKey: string;
    patient: string;
    term: PaymentTerm;
    amountCents: number;
    now: Date;
  },
): Promise<void> {
  const [coupon] = await tx
    .select({
      amountCents: coupons.amountCents,
      paymentTerms: coupons.paymentTerms,
      maxUses: coupons.maxUses,
      maxUsesPerPatient: coupons.maxUsesPerPatient,
    })
    .from(coupons)
    .where(and(eq(coupons.id, use.couponId), liveAt(use.now)))
    .for('update');
  if (!coupon) throw new NotFoundError(couponMessages.invalid);
  if (coupon.paymentTerms && !coupon.paymentTerms.includes(use.term))
    throw new InvalidRequestError(couponMessages.wrongTerm);
  // Changed between the price check and now: the page shows the amount it was told.
  if (coupon.amountCents !== use.amountCents) throw new ConflictError(couponMessages.invalid);
  if (coupon.maxUses !== null && (await usesOf(tx, use.couponId)) >= coupon.maxUses)
    throw new ConflictError(couponMessages.usedUp);
  if (coupon.maxUsesPerPatient !== null) {
    const [mine] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, use.couponId),
          eq(couponRedemptions.patient, use.patient),
        ),
      );
    if ((mine?.n ?? 0) >= coupon.maxUsesPerPatient)
      throw new ConflictError(couponMessages.usedUpByYou);
  }
  await tx.insert(couponRedemptions).values({
    attemptKey: use.attemptKey,
    couponId: use.couponId,
    patient: use.patient,
    createdAt: use.now,
  });
}

/** Gives back the use a failed payment attempt took, if it took one. */
export async function releaseCouponUse(tx: Executor, attemptKey: string): Promise<void> {
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.attemptKey, attemptKey));
}
