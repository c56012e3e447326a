/**
 * Card blocking (spec 001 sections 4 and 9), kept on the server so a reload or another browser
 * does not reset it:
 * - every refused payment counts against its cart and the card (its fingerprint, whatever the
 *   token): at 3 on one cart, that card is refused for the cart ("You've tried this card multiple
 *   times... Please use a different card"), and another card may still pay for it;
 * - against card testing, a cart with 6 refused payments in all takes no payment for 24 hours
 *   from the last of them;
 * - insufficient-funds and pick-up-card declines (Stripe's insufficient_funds, pickup_card, and
 *   lost_card / stolen_card, which card networks answer as "pick up card") count against the
 *   patient and the card's fingerprint over 24 hours; when they exceed 3, the patient and the
 *   card are blocked for 24 hours from that decline.
 * A card whose fingerprint the processor cannot tell counts with the other such cards of the cart.
 */
import { and, count, eq, gt, max, or, sql, type SQL } from 'drizzle-orm';
import { cardBlocking, checkoutMessages } from '@clinic/contracts';
import { type Executor, LockedError } from '@clinic/kit';
import { paymentBlocks, paymentFailures } from '../../db/schema';
import type { DeclineCode } from '../../payments/card-processor';

const noFundsCodes = new Set<DeclineCode>([
  'insufficient_funds',
  'pickup_card',
  'lost_card',
  'stolen_card',
]);

export function isPickUpCard(code: string): boolean {
  return isNoFundsDecline(code) && code !== 'insufficient_funds';
}

export const pickUpCardMessage = 'Your card was declined: pick up card.';

export function isNoFundsDecline(code: string): boolean {
  return noFundsCodes.has(code as DeclineCode);
}

/** What the page reads after " Error: " once a card is refused for a cart. */
export const cardRefusedMessage = `This card was declined ${cardBlocking.maxCardAttemptsPerCart} times for this order.`;
export const cartBlockedMessage = `This order has had ${cardBlocking.maxCartAttempts} declined payments and is paused for 24 hours.`;

export interface BlockState {
  /** The patient or the card is blocked (insufficient funds) until then. */
  blockedUntil: Date | null;
  /** The cart takes no payment (too many refusals in all) until then. */
  cartBlockedUntil: Date | null;
  cartBlocked: boolean;
  /** The card asked about failed too often on this cart. */
  cardRefused: boolean;
}

/** How a refusal's answer tells the page where the card and the cart stand. */
export interface AttemptCounts {
  /** Refused payments of this card on this cart. */
  cardAttempts: number;
  /** Refused payments on this cart, all cards. */
  cartAttempts: number;
  cartBlockedUntil: Date | null;
}

/** `column = value`, which no row matches when the value is null (as SQL's `= null`). */
function sameUser(
  column: typeof paymentBlocks.userId | typeof paymentFailures.userId,
  userId: number | null,
): SQL | undefined {
  return userId === null ? undefined : eq(column, userId);
}

function sameCard(
  column: typeof paymentBlocks.cardFingerprint | typeof paymentFailures.cardFingerprint,
  fingerprint: string | null,
): SQL | undefined {
  return fingerprint === null ? undefined : eq(column, fingerprint);
}

/** The latest block of the patient or the card still running at `now`. */
export async function activeBlock(
  db: Executor,
  who: { userId: number | null; cardFingerprint?: string | null },
  now: Date,
): Promise<Date | null> {
  if (who.userId === null && !who.cardFingerprint) return null;
  const [row] = await db
    .select({ until: max(paymentBlocks.blockedUntil) })
    .from(paymentBlocks)
    .where(
      and(
        gt(paymentBlocks.blockedUntil, now),
        or(
          sameUser(paymentBlocks.userId, who.userId),
          sameCard(paymentBlocks.cardFingerprint, who.cardFingerprint ?? null),
        ) ?? sql`false`,
      ),
    );
  return row?.until ?? null;
}

/** The refused payments of a cart, and of one card on it (`null`: a card of unknown print). */
export async function attemptCounts(
  db: Executor,
  cartId: string,
  cardFingerprint: string | null,
  now: Date,
): Promise<AttemptCounts> {
  const f = paymentFailures;
  const [row] = await db
    .select({
      // `count(*) filter (...)`: the builder has no aggregate filter.
      byCard:
        sql`count(*) filter (where ${f.cardFingerprint} is not distinct from ${cardFingerprint})`.mapWith(
          Number,
        ),
      inAll: count(),
      last: max(f.createdAt),
    })
    .from(f)
    .where(eq(f.cartId, cartId));
  const cartAttempts = row?.inAll ?? 0;
  const until =
    cartAttempts >= cardBlocking.maxCartAttempts && row?.last
      ? new Date(row.last.getTime() + cardBlocking.blockMs)
      : null;
  return {
    cardAttempts: row?.byCard ?? 0,
    cartAttempts,
    cartBlockedUntil: until && until > now ? until : null,
  };
}

/**
 * Whether a payment may go ahead: of the patient, on the cart, with the card (its fingerprint,
 * when the processor can tell it before the charge; leave it out to ask about the cart alone).
 */
export async function blockState(
  db: Executor,
  who: { userId: number | null; cartId: string | null; cardFingerprint?: string | null },
  now: Date,
): Promise<BlockState> {
  const blockedUntil = await activeBlock(db, who, now);
  if (who.cartId === null)
    return { blockedUntil, cartBlockedUntil: null, cartBlocked: false, cardRefused: false };
  const counts = await attemptCounts(db, who.cartId, who.cardFingerprint ?? null, now);
  return {
    blockedUntil,
    cartBlockedUntil: counts.cartBlockedUntil,
    cartBlocked: counts.cartBlockedUntil !== null,
    cardRefused:
      who.cardFingerprint !== undefined &&
      counts.cardAttempts >= cardBlocking.maxCardAttemptsPerCart,
  };
}

/** Refuses (423) a payment that `blockState` says may not go ahead, before any charge. */
export function refuseBlockedPayment(blocks: BlockState): void {
  if (blocks.blockedUntil)
    throw new LockedError(checkoutMessages.cardBlocked, {
      blocked: true,
      blocked_until: blocks.blockedUntil.toISOString(),
    });
  if (blocks.cartBlockedUntil)
    throw new LockedError(cartBlockedMessage, {
      cart_blocked: true,
      cart_blocked_until: blocks.cartBlockedUntil.toISOString(),
    });
  if (blocks.cardRefused) throw new LockedError(cardRefusedMessage, { card_refused: true });
}

/** The fields of a decline's answer that say where the card and the cart now stand. */
export function attemptFields(counts: AttemptCounts) {
  return {
    attempts: counts.cardAttempts,
    card_refused: counts.cardAttempts >= cardBlocking.maxCardAttemptsPerCart,
    cart_blocked: counts.cartBlockedUntil !== null,
    ...(counts.cartBlockedUntil
      ? { cart_blocked_until: counts.cartBlockedUntil.toISOString() }
      : {}),
  };
}

/**
 * Records a refused payment; answers whether the patient or card is now blocked (until when)
 * and how many failed attempts the cart and this card on it have.
 */
export async function recordFailure(
  tx: Executor,
  failure: {
    cartId: string | null;
    userId: number | null;
    cardFingerprint: string | null;
    code: DeclineCode;
  },
  now: Date,
): Promise<AttemptCounts & { blockedUntil: Date | null }> {
  const noFunds = isNoFundsDecline(failure.code);
  const f = paymentFailures;
  await tx.insert(f).values({
    cartId: failure.cartId,
    userId: failure.userId,
    cardFingerprint: failure.cardFingerprint,
    declineCode: failure.code,
    noFunds,
    createdAt: now,
  });
  if (noFunds && (failure.userId !== null || failure.cardFingerprint)) {
    const since = new Date(now.getTime() - cardBlocking.blockMs);
    const byUser = sameUser(f.userId, failure.userId);
    const byCard = sameCard(f.cardFingerprint, failure.cardFingerprint);
    const [row] = await tx
      .select({
        // `count(*) filter (...)`: the builder has no aggregate filter.
        byUser: sql`count(*) filter (where ${byUser ?? sql`false`})`.mapWith(Number),
        byCard: sql`count(*) filter (where ${byCard ?? sql`false`})`.mapWith(Number),
      })
      .from(f)
      .where(and(eq(f.noFunds, true), gt(f.createdAt, since), or(byUser, byCard) ?? sql`false`));
    if (Math.max(row?.byUser ?? 0, row?.byCard ?? 0) > cardBlocking.maxNoFundsDeclines) {
      await tx.insert(paymentBlocks).values({
        userId: failure.userId,
        cardFingerprint: failure.cardFingerprint,
        blockedUntil: new Date(now.getTime() + cardBlocking.blockMs),
        createdAt: now,
      });
    }
  }
  const counts: AttemptCounts = failure.cartId
    ? await attemptCounts(tx, failure.cartId, failure.cardFingerprint, now)
    : { cardAttempts: 0, cartAttempts: 0, cartBlockedUntil: null };
  return { blockedUntil: await activeBlock(tx, failure, now), ...counts };
}
