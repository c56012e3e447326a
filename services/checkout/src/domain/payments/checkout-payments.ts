/**
 * POST /api/checkout-new (spec 001 sections 3 and 4): pays for a cart, exactly once.
 *
 * Guarantees:
 * - The amount is the server's: price table, term and coupon; the browser's `amount` must match
 *   it or nothing is charged.
 * - One Idempotency-Key, one charge: the attempt row is committed before the card is charged; a
 *   repeat of the key (also at the same moment) waits for and answers the first result. A key
 *   reused with another body is refused. A cart has at most one charge in flight.
 * - Crash between charge and commit: the attempt stays 'charging', marked with the worker
 *   (process) that started it. As soon as that worker stops beating (PaymentWorkers), a live one
 *   settles the attempt: on its next beat, or when a retry of the key finds it. Settling charges
 *   again with the SAME processor idempotency key (so the processor answers the first charge
 *   instead of charging twice, or charges now if the first never reached it) and places the
 *   order. Whoever settles first wins (a conditional update); if the cart was meanwhile paid by
 *   another attempt, the charge is refunded. A settle job queued before the charge is the last
 *   net (`settleAfterMs`). The end is always one charge and one order, or a refund.
 * - Keys are the caller's own (Stripe scopes them per account): the same key from another
 *   account, or from a visitor paying another cart, is another attempt and reveals nothing.
 * - A coupon's use is taken with the attempt, before the charge, under a lock on the coupon, and
 *   given back when the attempt fails: its caps hold however many pay at once (../coupons.ts).
 * - Every order has an account: a guest's is made from the buyer's details once the card is
 *   charged, before the order is placed, by whoever settles the payment (GuestAccounts).
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  amountDueTodayCents,
  checkoutMessages,
  defaultPriceTable,
  renewalCents,
  type CheckoutRequest,
  type CheckoutResponse,
  type CheckoutSession,
  type GuestBuyer,
  type PaymentTerm,
  type Principal,
} from '@clinic/contracts';
import {
  isUniqueViolation,
  type ServiceRuntime,
  type Tx,
  ConflictError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
  UnprocessableError,
  UpstreamFailedError,
  replayedRefusal,
} from '@clinic/kit';
import {
  ProcessorRequestError,
  type CardProcessor,
  type ChargeRequest,
  type ChargeResult,
} from '../../payments/card-processor';
import type { CatalogSettings } from '../catalog-settings';
import { couponPatientKey, findCoupon, releaseCouponUse, reserveCouponUse } from '../coupons';
import { refusePoBox } from '../shipping-address';
import {
  attemptFields,
  blockState,
  isPickUpCard,
  pickUpCardMessage,
  recordFailure,
  refuseBlockedPayment,
} from './card-blocking';
import { paymentAttempts, transactions, type PaymentAttemptStatus } from '../../db/schema';
import { loadCheckoutCart, mayOpenCart, type CheckoutCart } from './checkout-cart';
import type { GuestAccounts } from './guest-accounts';
import { requireIdempotencyKey } from './idempotency-key';
import type { PaymentWorkers } from './payment-workers';
import { placeOrder, type PaidCheckout } from './place-order';
import { settlePaymentAttempt } from '../../jobs/definitions/settle-payment-attempt';

/** A stored answer, replayed for a repeated key. */
const storedAnswerSchema = z.object({
  httpStatus: z.number().int(),
  body: z.record(z.string(), z.unknown()),
});
type StoredAnswer = z.infer<typeof storedAnswerSchema>;

interface AttemptRow {
  /** The caller's key within its scope (`idempotencyScope`). */
  idempotencyKey: string;
  workerId: string | null;
  requestFingerprint: string;
  cartId: string;
  userId: number | null;
  status: PaymentAttemptStatus;
  request: StoredAttemptRequest;
  response: unknown;
}

const attemptColumns = {
  idempotencyKey: paymentAttempts.idempotencyKey,
  workerId: paymentAttempts.workerId,
  requestFingerprint: paymentAttempts.requestFingerprint,
  cartId: paymentAttempts.cartId,
  userId: paymentAttempts.userId,
  status: paymentAttempts.status,
  request: paymentAttempts.request,
  response: paymentAttempts.response,
};

/** Thrown inside the settling transaction to undo its claim: the cart has its order already. */
class CartAlreadyPaid extends Error {}

/** What finishing an attempt needs, kept with it (no card data: the token is the processor's). */
interface StoredAttemptRequest {
  charge: ChargeRequest;
  term: PaymentTerm;
  discountCents: number;
  couponId: number | null;
  /** What each renewal bills, from the cart's price table (absent in older rows). */
  renewalCents?: number;
  shippingAddress: CheckoutRequest['shippingAddress'];
  billingAddress: CheckoutRequest['billingAddress'] | null;
  conversionId: string | null;
  /** The buyer an account is made for, when the payer has none (absent in older rows). */
  guest?: GuestBuyer | null;
}

function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * Whose keys a key is among: the account's when logged in (a cart link's session is the same
 * account), else the cart's, whose unguessable id is what an anonymous payer holds.
 */
export function idempotencyScope(principal: Principal | null, cartId: string): string {
  return principal ? `user:${principal.userId}` : `cart:${cartId}`;
}

/** A processor key still in use by a concurrent call: the charge's outcome is not known yet. */
function stillInFlight(err: unknown): boolean {
  return err instanceof ProcessorRequestError && err.code === 'idempotency_key_in_use';
}

function answerOf(stored: StoredAnswer): CheckoutResponse {
  if (stored.httpStatus === 200) return stored.body as CheckoutResponse;
  const { message, status: _status, ...extra } = stored.body;
  throw replayedRefusal(stored.httpStatus, String(message), extra);
}

export class CheckoutPayments {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly processor: CardProcessor,
    private readonly workers: PaymentWorkers,
    private readonly guests: GuestAccounts,
    private readonly settings: CatalogSettings,
    private readonly opts: { settleAfterMs: number; replayWaitMs?: number },
  ) {}

  async pay(
    body: CheckoutRequest,
    principal: Principal | null,
    idempotencyKeyHeader: string | undefined,
  ): Promise<CheckoutResponse> {
    const idempotencyKey = `${idempotencyScope(principal, body.id)}:${requireIdempotencyKey(idempotencyKeyHeader)}`;
    const paid = await this.payOnce(body, principal, idempotencyKey);
    // The buyer's session goes to the buyer only: never to staff paying for them (call center).
    if (principal !== null) return paid.response;
    if (paid.session) return { ...paid.response, userData: paid.session };
    // A repeat of a guest's payment: the browser that paid may have lost the first answer.
    if (body.guest) {
      const session = await this.guestCartSession(idempotencyKey);
      if (session) return { ...paid.response, userData: session };
    }
    return paid.response;
  }

  /** The payment's answer, and the session of a guest account it made. */
  private async payOnce(
    body: CheckoutRequest,
    principal: Principal | null,
    idempotencyKey: string,
  ): Promise<{ response: CheckoutResponse; session: CheckoutSession | null }> {
    const answered = (response: CheckoutResponse) => ({ response, session: null });
    const print = fingerprintOf(body);
    let checked: { cart: CheckoutCart; userId: number | null; stored: StoredAttemptRequest };
    try {
      checked = await this.check(body, principal, idempotencyKey);
    } catch (err) {
      // A repeated key gets its first answer, whatever has changed since (the cart is paid,
      // the card is blocked): the key is looked up only here and when its insert conflicts, so
      // a first attempt costs no extra read.
      const existing = await this.findAttempt(idempotencyKey);
      if (existing) return answered(await this.replay(existing, print));
      throw err;
    }
    const { cart, userId, stored } = checked;
    const attempt = await this.startAttempt(idempotencyKey, print, cart, userId, stored);
    if (!attempt) {
      // The same key arrived at the same moment and won the insert: answer its result. Without
      // one, another key's attempt is charging this cart.
      const first = await this.findAttempt(idempotencyKey);
      if (!first) throw new ConflictError(checkoutMessages.paymentInProgress);
      return answered(await this.replay(first, print));
    }

    try {
      await this.runtime.queue
        .job(settlePaymentAttempt)
        .enqueue(
          { key: idempotencyKey },
          { delayMs: this.opts.settleAfterMs, jobId: `settle-${keyHashOf(idempotencyKey)}` },
        );
    } catch (err) {
      // Without its safety net the card is not charged at all.
      await this.finish(idempotencyKey, 'failed', {
        httpStatus: 503,
        body: { message: 'Payments are unavailable right now. Please try again in a minute.' },
      });
      throw err;
    }

    let result: ChargeResult;
    try {
      result = await this.processor.charge(stored.charge);
    } catch (err) {
      if (stillInFlight(err)) throw new ConflictError(checkoutMessages.paymentInProgress);
      if (err instanceof ProcessorRequestError) {
        return answered(answerOf(await this.refuse(idempotencyKey, err)));
      }
      // Unknown whether the card was charged: the settle job finds out with the same key.
      this.runtime.logger.error({ err, cartId: cart.id }, 'card processor call failed');
      throw new UpstreamFailedError(unconfirmedPayment);
    }
    if (result.status === 'declined')
      return answered(answerOf(await this.decline(attempt, result)));
    let owned: { attempt: AttemptRow; session: CheckoutSession | null };
    try {
      owned = await this.withOwner(attempt);
    } catch (err) {
      // Charged, but the account is not made yet: the settle job makes it with the same details.
      this.runtime.logger.error({ err, cartId: cart.id }, 'guest account could not be made');
      throw new UpstreamFailedError(unconfirmedPayment);
    }
    return {
      response: answerOf(await this.succeed(owned.attempt, cart, result)),
      session: owned.session,
    };
  }

  /**
   * The attempt with the account its order belongs to: the payer's, or for a guest the account
   * made (or, settling again, found) for the buyer's email.
   */
  private async withOwner(
    attempt: AttemptRow,
  ): Promise<{ attempt: AttemptRow; session: CheckoutSession | null }> {
    const guest = attempt.request.guest;
    if (attempt.userId !== null || !guest) return { attempt, session: null };
    const account = await this.guests.accountFor(guest, attempt.request.shippingAddress.state);
    return { attempt: { ...attempt, userId: account.userId }, session: account.session };
  }

  /** A session scoped to the paid cart, when the key is a guest's paid attempt. */
  private async guestCartSession(idempotencyKey: string): Promise<CheckoutSession | null> {
    const attempt = await this.findAttempt(idempotencyKey);
    if (!attempt?.request.guest || attempt.status !== 'succeeded' || attempt.userId === null)
      return null;
    return this.guests.cartSession(attempt.userId, attempt.cartId, this.runtime.clock.now());
  }

  /**
   * Everything checked before an attempt is stored: the cart and who may pay it, no order yet,
   * no PO box, no block, the server's amount. Returns what the attempt will charge.
   */
  private async check(
    body: CheckoutRequest,
    principal: Principal | null,
    idempotencyKey: string,
  ): Promise<{ cart: CheckoutCart; userId: number | null; stored: StoredAttemptRequest }> {
    const { db, clock } = this.runtime;
    const now = clock.now();
    const cart = await loadCheckoutCart(db, body.id);
    if (!cart) throw new NotFoundError(checkoutMessages.unknownCart);
    if (principal && !mayOpenCart(principal, cart))
      throw new ForbiddenError('This checkout link belongs to another account.');
    const userId = cart.userId ?? (principal?.role === 'patient' ? principal.userId : null);
    if (cart.paidOrderId !== null) throw new ConflictError(checkoutMessages.activeOrder);
    refusePoBox(body.shippingAddress);
    // Every order belongs to an account: a payer without one says who is buying.
    const guest = userId === null ? await this.guests.buyerOf(body) : null;

    const cardFingerprint = await this.processor.cardFingerprint(body.cardToken);
    refuseBlockedPayment(await blockState(db, { userId, cartId: cart.id, cardFingerprint }, now));

    const term = body.payment_terms;
    const coupon = body.couponCode?.trim()
      ? await findCoupon(db, body.couponCode, term, now)
      : null;
    // The prices the cart was saved under: a change since applies to carts saved after it.
    const prices = await this.settings.pricesAt(db, cart.priceVersion);
    const drug = cart.product.drug;
    const amountCents = amountDueTodayCents(drug, term, coupon?.amountCents ?? 0, prices);
    if (body.amount !== amountCents)
      throw new InvalidRequestError(checkoutMessages.amountMismatch, {
        expected_amount: amountCents,
      });

    const customerId = await this.customerOf(userId);
    return {
      cart,
      userId,
      stored: {
        charge: {
          amountCents,
          source: body.cardToken,
          ...(customerId ? { customerId } : {}),
          saveCard: true,
          description: `Checkout of cart ${cart.id}`,
          idempotencyKey: `checkout-${keyHashOf(idempotencyKey)}`,
        },
        term,
        discountCents: coupon?.amountCents ?? 0,
        couponId: coupon?.id ?? null,
        renewalCents: renewalCents(drug, term, prices),
        shippingAddress: body.shippingAddress,
        billingAddress: body.billingAddress ?? null,
        conversionId: body.c_id ?? null,
        guest,
      },
    };
  }

  /** Finishes an attempt left 'charging' by a crash or a lost answer (also the settle job). */
  async settleStale(idempotencyKey: string): Promise<void> {
    const attempt = await this.findAttempt(idempotencyKey);
    if (!attempt || attempt.status !== 'charging') return;
    let result: ChargeResult;
    try {
      result = await this.processor.charge(attempt.request.charge);
    } catch (err) {
      if (stillInFlight(err)) throw err; // someone is charging it right now: try again later
      if (err instanceof ProcessorRequestError) {
        await this.refuse(idempotencyKey, err);
        return;
      }
      throw err; // the job is retried
    }
    const cart = await loadCheckoutCart(this.runtime.db, attempt.cartId);
    if (!cart) throw new Error(`cart ${attempt.cartId} of a payment attempt vanished`);
    if (result.status === 'declined') await this.decline(attempt, result);
    else await this.succeed((await this.withOwner(attempt)).attempt, cart, result);
  }

  /** Settles attempts whose worker died (PaymentWorkers' beat); one failure does not stop the rest. */
  async settleOrphans(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.settleStale(key);
      } catch (err) {
        this.runtime.logger.warn({ err }, 'settling an orphaned payment attempt failed');
      }
    }
  }

  /**
   * The charge's outcome becomes the attempt's answer (succeed or decline). Each outcome's
   * transaction first claims the attempt with a conditional update (still 'charging'), so of two
   * settlers (the request and a settle job, or two instances) one wins and the other answers
   * what it stored.
   */
  private async succeed(
    attempt: AttemptRow,
    cart: CheckoutCart,
    charge: Extract<ChargeResult, { status: 'succeeded' }>,
  ): Promise<StoredAnswer> {
    const now = this.runtime.clock.now();
    const req = attempt.request;
    const paid: PaidCheckout = {
      cart,
      userId: attempt.userId,
      term: req.term,
      amountCents: charge.amountCents,
      discountCents: req.discountCents,
      couponId: req.couponId,
      // Attempts stored before prices were data were priced by the spec's table.
      renewalCents:
        req.renewalCents ?? renewalCents(cart.product.drug, req.term, defaultPriceTable),
      shippingAddress: req.shippingAddress,
      billingAddress: req.billingAddress ?? null,
      conversionId: req.conversionId,
      idempotencyKey: attempt.idempotencyKey,
    };
    let answer: StoredAnswer | null;
    try {
      answer = await this.runtime.transaction(async (tx, events) => {
        const claimed = await tx
          .update(paymentAttempts)
          .set({
            status: 'succeeded',
            userId: attempt.userId,
            chargeId: charge.chargeId,
            cardFingerprint: charge.cardFingerprint,
            updatedAt: now,
          })
          .where(charging(attempt.idempotencyKey))
          .returning({ key: paymentAttempts.idempotencyKey });
        if (claimed.length === 0) return null;
        const response = await placeOrder(tx, events, paid, charge, now);
        if (!response) throw new CartAlreadyPaid();
        const stored: StoredAnswer = { httpStatus: 200, body: response };
        await this.storeAnswer(tx, attempt.idempotencyKey, stored);
        return stored;
      });
    } catch (err) {
      if (!(err instanceof CartAlreadyPaid)) throw err;
      // Another attempt paid this cart first (the claim was rolled back): this charge must not
      // stand.
      await this.processor.refund(
        charge.chargeId,
        `refund-${attempt.request.charge.idempotencyKey}`,
      );
      return this.finish(attempt.idempotencyKey, 'refunded', {
        httpStatus: 409,
        body: { message: checkoutMessages.activeOrder },
      });
    }
    return answer ?? this.storedAnswerOf(await this.mustFind(attempt.idempotencyKey));
  }

  private async decline(
    attempt: AttemptRow,
    result: Extract<ChargeResult, { status: 'declined' }>,
  ): Promise<StoredAnswer> {
    const now = this.runtime.clock.now();
    const answer = await this.runtime.transaction(async (tx) => {
      const claimed = await tx
        .update(paymentAttempts)
        .set({
          status: 'declined',
          declineCode: result.code,
          cardFingerprint: result.cardFingerprint,
          updatedAt: now,
        })
        .where(charging(attempt.idempotencyKey))
        .returning({ key: paymentAttempts.idempotencyKey });
      if (claimed.length === 0) return null;
      await releaseCouponUse(tx, attempt.idempotencyKey);
      const after = await recordFailure(
        tx,
        {
          cartId: attempt.cartId,
          userId: attempt.userId,
          cardFingerprint: result.cardFingerprint,
          code: result.code,
        },
        now,
      );
      const stored: StoredAnswer = after.blockedUntil
        ? {
            httpStatus: 423,
            body: {
              message: checkoutMessages.cardBlocked,
              code: result.code,
              blocked: true,
              blocked_until: after.blockedUntil.toISOString(),
            },
          }
        : {
            httpStatus: 402,
            body: {
              // The page tells a pick-up-card refusal by these words (spec 001 section 8).
              message: isPickUpCard(result.code) ? pickUpCardMessage : result.message,
              code: result.code,
              ...attemptFields(after),
            },
          };
      await this.storeAnswer(tx, attempt.idempotencyKey, stored);
      return stored;
    });
    return answer ?? this.storedAnswerOf(await this.mustFind(attempt.idempotencyKey));
  }

  /** A request the processor refused outright (bad or reused token): no charge, no count. */
  private refuse(key: string, err: ProcessorRequestError): Promise<StoredAnswer> {
    const message =
      err.code === 'token_already_used'
        ? checkoutMessages.cardTokenUsed
        : err.code === 'resource_missing'
          ? checkoutMessages.invalidCard
          : err.message;
    return this.finish(key, 'failed', { httpStatus: 400, body: { message, code: err.code } });
  }

  private async replay(attempt: AttemptRow, print: string): Promise<CheckoutResponse> {
    if (attempt.requestFingerprint !== print)
      throw new UnprocessableError(checkoutMessages.idempotencyKeyReused);
    const waitUntil = Date.now() + (this.opts.replayWaitMs ?? 20000);
    let current = attempt;
    while (current.status === 'charging') {
      // Its worker died mid-charge: settle it now rather than make the patient wait for the net.
      if (!(await this.workers.isAlive(current.workerId))) {
        await this.settleStale(current.idempotencyKey).catch((err: unknown) => {
          if (!stillInFlight(err)) throw err;
        });
      } else if (Date.now() > waitUntil) {
        throw new ConflictError(checkoutMessages.paymentInProgress);
      } else {
        await sleep(100);
      }
      current = await this.mustFind(current.idempotencyKey);
      if (current.status === 'charging' && Date.now() > waitUntil)
        throw new ConflictError(checkoutMessages.paymentInProgress);
    }
    return answerOf(this.storedAnswerOf(current));
  }

  /** Stores the attempt 'charging'; null when its key (or another charge of the cart) exists. */
  private async startAttempt(
    key: string,
    print: string,
    cart: CheckoutCart,
    userId: number | null,
    stored: StoredAttemptRequest,
  ): Promise<AttemptRow | null> {
    const now = this.runtime.clock.now();
    try {
      // The attempt and its coupon use are stored together: a use is taken before the card is
      // charged, or the payment is refused (coupon used up) with nothing stored.
      const inserted = await this.runtime.transaction(async (tx) => {
        const rows = await tx
          .insert(paymentAttempts)
          .values({
            idempotencyKey: key,
            requestFingerprint: print,
            cartId: cart.id,
            userId,
            status: 'charging',
            amountCents: stored.charge.amountCents,
            discountCents: stored.discountCents,
            couponId: stored.couponId,
            paymentTerms: stored.term,
            cardToken: stored.charge.source,
            processorKey: stored.charge.idempotencyKey,
            request: stored,
            workerId: this.workers.id,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: paymentAttempts.idempotencyKey })
          .returning({ key: paymentAttempts.idempotencyKey });
        if (rows.length > 0 && stored.couponId !== null)
          await reserveCouponUse(tx, {
            couponId: stored.couponId,
            attemptKey: key,
            patient: couponPatientKey(userId, stored.guest?.email ?? null),
            term: stored.term,
            amountCents: stored.discountCents,
            now,
          });
        return rows;
      });
      if (inserted.length === 0) return null;
      return {
        idempotencyKey: key,
        workerId: this.workers.id,
        requestFingerprint: print,
        cartId: cart.id,
        userId,
        status: 'charging',
        request: stored,
        response: null,
      };
    } catch (err) {
      // Another attempt for the cart is charging. Postgres may report the cart's index before
      // the key's when the same key arrives twice at once: the caller looks the key up first.
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  private async finish(
    key: string,
    status: 'failed' | 'refunded',
    answer: StoredAnswer,
  ): Promise<StoredAnswer> {
    const now = this.runtime.clock.now();
    await this.runtime.transaction(async (tx) => {
      const ended = await tx
        .update(paymentAttempts)
        .set({ status, httpStatus: answer.httpStatus, response: answer, updatedAt: now })
        .where(charging(key))
        .returning({ key: paymentAttempts.idempotencyKey });
      // Not paid (or paid back): the coupon's use is free again.
      if (ended.length > 0) await releaseCouponUse(tx, key);
    });
    return this.storedAnswerOf(await this.mustFind(key));
  }

  private async storeAnswer(tx: Tx, key: string, answer: StoredAnswer): Promise<void> {
    await tx
      .update(paymentAttempts)
      .set({ httpStatus: answer.httpStatus, response: answer })
      .where(eq(paymentAttempts.idempotencyKey, key));
  }

  private storedAnswerOf(attempt: AttemptRow): StoredAnswer {
    const parsed = storedAnswerSchema.safeParse(attempt.response);
    if (!parsed.success) throw new Error(`payment attempt ${attempt.status} without an answer`);
    return parsed.data;
  }

  private async findAttempt(key: string): Promise<AttemptRow | null> {
    const [row] = await this.runtime.db
      .select(attemptColumns)
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, key));
    // The request column holds what `startAttempt` stored, written only here.
    return row ? { ...row, request: row.request as StoredAttemptRequest } : null;
  }

  private async mustFind(key: string): Promise<AttemptRow> {
    const row = await this.findAttempt(key);
    if (!row) throw new Error('payment attempt vanished');
    return row;
  }

  /** The processor customer of the patient's earlier purchases, so saved cards stay together. */
  private async customerOf(userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const [row] = await this.runtime.db
      .select({ customerId: transactions.customerId })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), isNotNull(transactions.customerId)))
      .orderBy(desc(transactions.createdAt))
      .limit(1);
    return row?.customerId ?? null;
  }
}

const unconfirmedPayment =
  'We could not confirm your payment with the card processor. Please wait a minute before trying again: you will not be charged twice.';

/** The attempt, only while it is still 'charging' (the claim every settler makes). */
function charging(key: string) {
  return and(eq(paymentAttempts.idempotencyKey, key), eq(paymentAttempts.status, 'charging'));
}

function keyHashOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex');
}
