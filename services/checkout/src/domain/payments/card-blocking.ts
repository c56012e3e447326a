/**
 * Card blocking (spec 001 sections 4 and 9), kept on the server so a reload or another browser
 * does not reset it:
 * - every refused payment counts against its cart; at 3 the cart takes no more payments;
 * - insufficient-funds and pick-up-card declines (Stripe's insufficient_funds, pickup_card, and
 *   lost_card / stolen_card, which card networks answer as "pick up card") count against the
 *   patient and the card's fingerprint over 24 hours; when they exceed 3, the patient and the
 *   card are blocked for 24 hours from that decline.
 */
import { sql } from 'drizzle-orm';
import { cardBlocking } from '@clinic/contracts';
import { rows, type Executor } from '@clinic/kit';
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

export interface BlockState {
  blockedUntil: Date | null;
  cartBlocked: boolean;
}

/** The latest block of the patient or the card still running at `now`. */
export async function activeBlock(
  db: Executor,
  who: { userId: number | null; cardFingerprint?: string | null },
  now: Date,
): Promise<Date | null> {
  if (who.userId === null && !who.cardFingerprint) return null;
  const [row] = await rows<{ until: string | Date | null }>(
    db,
    sql`select max(blocked_until) as until from checkout.payment_blocks
        where blocked_until > ${now}
          and (user_id = ${who.userId} or card_fingerprint = ${who.cardFingerprint ?? null})`,
  );
  return row?.until ? new Date(row.until) : null;
}

export async function failedAttemptsOfCart(db: Executor, cartId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from checkout.payment_failures where cart_id = ${cartId}`,
  );
  return row?.n ?? 0;
}

export async function blockState(
  db: Executor,
  who: { userId: number | null; cartId: string | null },
  now: Date,
): Promise<BlockState> {
  return {
    blockedUntil: await activeBlock(db, { userId: who.userId }, now),
    cartBlocked:
      who.cartId !== null &&
      (await failedAttemptsOfCart(db, who.cartId)) >= cardBlocking.maxCartAttempts,
  };
}

/**
 * Records a refused payment; answers whether the patient or card is now blocked (until when)
 * and how many failed attempts the cart has.
 */
export async function recordFailure(
  tx: Executor,
  failure: {
    cartId: string | null;
    userId: number | null;
    cardFingerprint: string | null;
    code: string;
  },
  now: Date,
): Promise<{ blockedUntil: Date | null; cartAttempts: number }> {
  const noFunds = isNoFundsDecline(failure.code);
  await tx.execute(
    sql`insert into checkout.payment_failures
          (cart_id, user_id, card_fingerprint, decline_code, no_funds, created_at)
        values (${failure.cartId}, ${failure.userId}, ${failure.cardFingerprint}, ${failure.code},
                ${noFunds}, ${now})`,
  );
  if (noFunds && (failure.userId !== null || failure.cardFingerprint)) {
    const since = new Date(now.getTime() - cardBlocking.blockMs);
    const [row] = await rows<{ by_user: number; by_card: number }>(
      tx,
      sql`select
            count(*) filter (where user_id = ${failure.userId})::int as by_user,
            count(*) filter (where card_fingerprint = ${failure.cardFingerprint})::int as by_card
          from checkout.payment_failures
          where no_funds and created_at > ${since}
            and (user_id = ${failure.userId} or card_fingerprint = ${failure.cardFingerprint})`,
    );
    if (Math.max(row?.by_user ?? 0, row?.by_card ?? 0) > cardBlocking.maxNoFundsDeclines) {
      await tx.execute(
        sql`insert into checkout.payment_blocks (user_id, card_fingerprint, blocked_until, created_at)
            values (${failure.userId}, ${failure.cardFingerprint},
                    ${new Date(now.getTime() + cardBlocking.blockMs)}, ${now})`,
      );
    }
  }
  return {
    blockedUntil: await activeBlock(tx, failure, now),
    cartAttempts: failure.cartId ? await failedAttemptsOfCart(tx, failure.cartId) : 0,
  };
}
