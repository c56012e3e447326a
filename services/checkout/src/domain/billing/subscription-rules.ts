/**
 * The subscription rules the spec leaves out (docs/architecture/subscriptions-and-billing.md), as numbers and
 * pure functions so that every path (checkout, renewal, pay now, cancel) follows the same ones.
 */
import { daysPerShipment, vialsPerShipment, type PaymentTerm } from '@clinic/contracts';
import { addMonthsUtc } from '../payments/billing-dates';

const dayMs = 24 * 60 * 60 * 1000;

/** A declined renewal is tried again after 1 day, then after 2 more days; then it is paused. */
export const renewalRetryDelaysMs = [1 * dayMs, 2 * dayMs] as const;

/** Attempts of one renewal in all: the first and its retries. */
export const renewalAttempts = renewalRetryDelaysMs.length + 1;

/** The monthly plan's commitment (spec 001 section 9), in payments. */
export const monthlyCommitmentPayments = 3;

export type RenewalFailure =
  | { kind: 'retry'; failedAttempts: number; retryAt: Date }
  | { kind: 'pause'; failedAttempts: number };

/** What follows the `attempt`-th declined attempt of a renewal (1-based). */
export function afterDeclinedRenewal(attempt: number, now: Date): RenewalFailure {
  const delay = renewalRetryDelaysMs[attempt - 1];
  if (delay === undefined) return { kind: 'pause', failedAttempts: attempt };
  return { kind: 'retry', failedAttempts: attempt, retryAt: new Date(now.getTime() + delay) };
}

/** The billing date after a payment for the period starting `periodStart`. */
export function nextBillingDateAfter(periodStart: Date, term: PaymentTerm): Date {
  return addMonthsUtc(periodStart, term);
}

export interface Shipment {
  shipOn: Date;
  vials: number;
}

/**
 * What the `paymentNumber`-th payment of a subscription (1 is the checkout's) pays to ship:
 * 3 vials every 90 days. The monthly plan sends 3 months up front, so its payments 1, 4, 7...
 * each ship 3 vials and the others ship nothing; every 3-month payment ships 3 vials; a 6- or
 * 12-month payment ships 3 vials now and every 90 days of its term (2 or 4 shipments).
 */
export function shipmentsPaidBy(
  term: PaymentTerm,
  paymentNumber: number,
  paidAt: Date,
): Shipment[] {
  if (term === 1) {
    return (paymentNumber - 1) % monthlyCommitmentPayments === 0
      ? [{ shipOn: paidAt, vials: vialsPerShipment }]
      : [];
  }
  const count = term / 3;
  return Array.from({ length: count }, (_, i) => ({
    shipOn: new Date(paidAt.getTime() + i * daysPerShipment * dayMs),
    vials: vialsPerShipment,
  }));
}

export interface EarlyTermination {
  withinCommitment: boolean;
  /** The fee that may apply: the monthly price of each committed month not paid. */
  feeCents: number;
}

/**
 * Cancelling the monthly plan before its 3 payments leaves the rest of the commitment unpaid
 * (its 3 months of medication were sent up front). Prepaid terms are paid in full, so their
 * cancellation only stops the next renewal.
 */
export function earlyTerminationOf(
  term: PaymentTerm,
  paymentsMade: number,
  monthlyCents: number,
): EarlyTermination {
  if (term !== 1 || paymentsMade >= monthlyCommitmentPayments)
    return { withinCommitment: false, feeCents: 0 };
  return {
    withinCommitment: true,
    feeCents: (monthlyCommitmentPayments - paymentsMade) * monthlyCents,
  };
}
