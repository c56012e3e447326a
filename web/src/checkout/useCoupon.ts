import { useState } from 'react';
import { couponMessages, validateCoupon, type PaymentTerm } from '@clinic/contracts';
import { callApi, toApiError } from '../api/client';
import type { AppliedCoupon } from './checkoutRequest';

export interface CouponState {
  /** What the visitor typed. */
  code: string;
  /** The coupon the server accepted, null before. */
  applied: AppliedCoupon | null;
  error: string | null;
  /** The check is running. */
  busy: boolean;
  type(code: string): void;
  apply(): Promise<void>;
  /** Removes the coupon (the Remove button, or a new term: spec 001 section 4). */
  clear(): void;
}

/** The coupon code of the order summary, checked with the server for the chosen term. */
export function useCoupon(term: PaymentTerm): CouponState {
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    if (applied || busy) return;
    const trimmed = code.trim();
    if (trimmed === '') {
      setError(couponMessages.empty);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi(validateCoupon, {
        body: { coupon: trimmed, payment_terms: term },
      });
      setApplied({ code: trimmed, id: answer.coupon_id, discount: answer.c_val });
    } catch (thrown) {
      // The server's refusal says why; an answer that is not a coupon is an invalid code.
      const failure = toApiError(thrown);
      setError((failure.kind === 'http' ? failure.serverMessage : null) ?? couponMessages.invalid);
    } finally {
      setBusy(false);
    }
  }

  function clear() {
    setApplied(null);
    setCode('');
    setError(null);
  }

  function type(next: string) {
    setCode(next);
    setError(null);
  }

  return { code, applied, error, busy, type, apply, clear };
}
