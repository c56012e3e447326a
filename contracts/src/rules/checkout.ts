/**
 * Checkout's rules (spec 001): how long its text fields may be, and when a cart stops taking a
 * card, or any card, after failed payments.
 */

/** Spec 001 section 5: text fields hold 256 characters at most. */
export const checkoutTextMax = 256;

/**
 * Spec 001 section 9: card blocking limits. "At 3 attempts the cart is blocked" is read as: the
 * card that failed 3 times is refused for that cart, and a different card may still pay; against
 * card testing, the cart itself refuses every payment for 24 hours after 6 failures in all.
 */
export const cardBlocking = {
  /** At this many failed attempts of one card on a cart, the cart refuses that card. */
  maxCardAttemptsPerCart: 3,
  /** At this many failed attempts in all, a cart refuses every payment for `blockMs`. */
  maxCartAttempts: 6,
  /** More than this many insufficient-funds or pick-up-card declines block the card. */
  maxNoFundsDeclines: 3,
  blockMs: 24 * 60 * 60 * 1000,
} as const;
