/**
 * The default card processor: behaves like Stripe's test mode, with its state in checkout's
 * database so every checkout instance sees the same tokens, customers and charges.
 * Guarantees: a card number is never stored (tokens keep brand, last four, expiry and outcome);
 * a token works once (charged or saved, whatever the outcome); the same idempotency key returns
 * the first answer, and a concurrent second request waits for the first (the key's row is
 * inserted in the charge's or save's transaction), so nothing is charged or saved twice; a key
 * reused with other parameters is refused, as Stripe does. Saving a card without a charge keeps
 * it only when Stripe would attach it: declining test cards are refused then already, except
 * 4000 0000 0000 0341, which is saved and declined when charged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock, Tx, Database } from '@clinic/kit';
import {
  sandboxCharges,
  sandboxCustomers,
  sandboxIdempotency,
  sandboxPaymentMethods,
  sandboxTokens,
} from '../../db/schema';
import {
  ProcessorRequestError,
  type CardProcessor,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  type RefundResult,
  type SaveCardRequest,
  type SaveCardResult,
} from '../card-processor';
import { attachDeclineOf, chargeDeclineOf, declineMessages, type CardOutcome } from './test-cards';

export function sandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

interface CardRow {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
  fingerprint: string;
}

/** What a token or a saved method keeps of its card. */
function cardColumns(t: typeof sandboxTokens | typeof sandboxPaymentMethods) {
  return {
    brand: t.brand,
    last4: t.last4,
    expMonth: t.expMonth,
    expYear: t.expYear,
    outcome: t.outcome,
    fingerprint: t.fingerprint,
  };
}

/** The same for the same parameters in any key order, as Stripe compares them. */
function fingerprint(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, canonical(v)]),
  );
}

function isExpired(card: CardRow, now: Date): boolean {
  const endOfMonth = Date.UTC(card.expYear, card.expMonth, 1);
  return endOfMonth <= now.getTime();
}

/** The card's own decline at this step, else expired_card once its expiry month is over. */
function refusalOf(decline: DeclineCode | null, card: CardRow, now: Date): DeclineCode | null {
  return decline ?? (isExpired(card, now) ? 'expired_card' : null);
}

function declined(code: DeclineCode, card: CardRow) {
  return {
    status: 'declined' as const,
    code,
    message: declineMessages[code],
    cardFingerprint: card.fingerprint,
  };
}

export class SandboxProcessor implements CardProcessor {
  readonly name = 'sandbox';

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs `work` once per idempotency key: the key's row is written in the same transaction as
   * the work's effects, so a crash leaves neither, and a repeat reads the stored answer.
   */
  private async idempotent<T>(
    key: string,
    params: unknown,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const print = fingerprint(params);
    return this.database.transaction(async (tx) => {
      const now = this.clock.now();
      const k = sandboxIdempotency;
      const claimed = await tx
        .insert(k)
        // JSON's null until the work answers (a SQL null would break the column's not null).
        .values({ key, fingerprint: print, response: sql`'null'::jsonb`, createdAt: now })
        .onConflictDoNothing({ target: k.key })
        .returning({ key: k.key });
      if (claimed.length === 0) {
        const [stored] = await tx
          .select({ fingerprint: k.fingerprint, response: k.response })
          .from(k)
          .where(eq(k.key, key));
        if (stored?.fingerprint !== print)
          throw new ProcessorRequestError(
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        return stored.response as T;
      }
      const answer = await work(tx);
      await tx.update(k).set({ response: answer }).where(eq(k.key, key));
      return answer;
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents < 50)
      throw new ProcessorRequestError('amount_too_small', 'Amount must be at least $0.50 usd');
    const { idempotencyKey, ...params } = request;
    return this.idempotent(`charge:${idempotencyKey}`, params, (tx) =>
      this.chargeOnce(tx, request),
    );
  }

  private async chargeOnce(tx: Tx, request: ChargeRequest): Promise<ChargeResult> {
    const now = this.clock.now();
    const { card, paymentMethodId: savedMethod } = await this.cardOf(tx, request, now);
    let customerId = request.customerId ?? null;
    let paymentMethodId = savedMethod;
    const chargeId = sandboxId('ch');

    const refusal = refusalOf(chargeDeclineOf(card.outcome), card, now);
    if (refusal) {
      await tx.insert(sandboxCharges).values({
        id: chargeId,
        amountCents: request.amountCents,
        status: 'failed',
        declineCode: refusal,
        customerId,
        paymentMethodId,
        description: request.description,
        createdAt: now,
      });
      return declined(refusal, card);
    }

    if (request.saveCard && !paymentMethodId) {
      customerId ??= await this.createCustomer(tx, now);
      paymentMethodId = await this.insertPaymentMethod(tx, customerId, card, now);
    }
    await tx.insert(sandboxCharges).values({
      id: chargeId,
      amountCents: request.amountCents,
      status: 'succeeded',
      customerId,
      paymentMethodId,
      description: request.description,
      createdAt: now,
    });
    return {
      status: 'succeeded',
      chargeId,
      amountCents: request.amountCents,
      customerId,
      paymentMethodId,
      card: { brand: card.brand, last4: card.last4 },
      cardFingerprint: card.fingerprint,
    };
  }

  /** The card behind a token (spent now, whatever the outcome) or a customer's saved method. */
  private async cardOf(
    tx: Tx,
    request: ChargeRequest,
    now: Date,
  ): Promise<{ card: CardRow; paymentMethodId: string | null }> {
    if (request.source.startsWith('pm_'))
      return {
        card: await this.savedMethod(tx, request.source, request.customerId),
        paymentMethodId: request.source,
      };
    return { card: await this.spendToken(tx, request.source, now), paymentMethodId: null };
  }

  async cardFingerprint(source: string): Promise<string | null> {
    const { db } = this.database;
    const [card] = await db
      .select({ fingerprint: sandboxTokens.fingerprint })
      .from(sandboxTokens)
      .where(eq(sandboxTokens.id, source))
      .unionAll(
        db
          .select({ fingerprint: sandboxPaymentMethods.fingerprint })
          .from(sandboxPaymentMethods)
          .where(eq(sandboxPaymentMethods.id, source)),
      );
    return card?.fingerprint || null;
  }

  /** A saved method, found only with the customer it belongs to (as Stripe does). */
  private async savedMethod(
    tx: Tx,
    paymentMethodId: string,
    customerId: string | undefined,
  ): Promise<CardRow> {
    const m = sandboxPaymentMethods;
    const [method] = await tx
      .select({ ...cardColumns(m), customerId: m.customerId })
      .from(m)
      .where(eq(m.id, paymentMethodId));
    if (!method || method.customerId !== customerId)
      throw new ProcessorRequestError(
        'resource_missing',
        `No such PaymentMethod: '${paymentMethodId}'`,
      );
    return method;
  }

  /**
   * The card behind a single-use token, marking it used in the same statement. The update locks
   * the row, so of two requests with one token (under different keys) only one spends it.
   */
  private async spendToken(tx: Tx, tokenId: string, now: Date): Promise<CardRow> {
    const t = sandboxTokens;
    const [spent] = await tx
      .update(t)
      .set({ usedAt: now })
      .where(and(eq(t.id, tokenId), isNull(t.usedAt)))
      .returning(cardColumns(t));
    if (spent) return spent;
    const [token] = await tx.select({ id: t.id }).from(t).where(eq(t.id, tokenId));
    if (!token) throw new ProcessorRequestError('resource_missing', `No such token: '${tokenId}'`);
    throw new ProcessorRequestError(
      'token_already_used',
      `You cannot use a Stripe token more than once: ${tokenId}.`,
    );
  }

  private async createCustomer(tx: Tx, now: Date): Promise<string> {
    const customerId = sandboxId('cus');
    await tx.insert(sandboxCustomers).values({ id: customerId, createdAt: now });
    return customerId;
  }

  /** Keeps the card (never its number) with its test outcome, so a later charge answers alike. */
  private async insertPaymentMethod(
    tx: Tx,
    customerId: string,
    card: CardRow,
    now: Date,
  ): Promise<string> {
    const paymentMethodId = sandboxId('pm');
    await tx.insert(sandboxPaymentMethods).values({
      id: paymentMethodId,
      customerId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      outcome: card.outcome,
      fingerprint: card.fingerprint,
      createdAt: now,
    });
    return paymentMethodId;
  }

  saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    const { idempotencyKey, ...params } = request;
    return this.idempotent(`save-card:${idempotencyKey}`, params, (tx) =>
      this.saveCardOnce(tx, request),
    );
  }

  private async saveCardOnce(tx: Tx, request: SaveCardRequest): Promise<SaveCardResult> {
    const now = this.clock.now();
    if (request.customerId) await this.requireCustomer(tx, request.customerId);
    const card = await this.spendToken(tx, request.source, now);
    // Stripe asks the issuer on attach: the token is spent all the same, but nothing is kept
    // (not even a new customer, which the caller would have no use for).
    const refusal = refusalOf(attachDeclineOf(card.outcome), card, now);
    if (refusal) return declined(refusal, card);

    const customerId = request.customerId ?? (await this.createCustomer(tx, now));
    return {
      status: 'saved',
      customerId,
      paymentMethodId: await this.insertPaymentMethod(tx, customerId, card, now),
      card: { brand: card.brand, last4: card.last4 },
      cardFingerprint: card.fingerprint,
    };
  }

  private async requireCustomer(tx: Tx, customerId: string): Promise<void> {
    const [customer] = await tx
      .select({ id: sandboxCustomers.id })
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.id, customerId));
    if (!customer)
      throw new ProcessorRequestError('resource_missing', `No such customer: '${customerId}'`);
  }

  refund(chargeId: string, idempotencyKey: string): Promise<RefundResult> {
    return this.idempotent(`refund:${idempotencyKey}`, { chargeId }, async (tx) => {
      const c = sandboxCharges;
      const [charge] = await tx
        .select({ status: c.status, amountCents: c.amountCents, refundId: c.refundId })
        .from(c)
        .where(eq(c.id, chargeId))
        .for('update');
      if (!charge || charge.status !== 'succeeded')
        throw new ProcessorRequestError('resource_missing', `No such charge: '${chargeId}'`);
      if (charge.refundId)
        throw new ProcessorRequestError(
          'charge_already_refunded',
          `Charge ${chargeId} has already been refunded.`,
        );
      const refundId = sandboxId('re');
      await tx.update(c).set({ refundId, refundedAt: this.clock.now() }).where(eq(c.id, chargeId));
      return { refundId, chargeId, amountCents: charge.amountCents };
    });
  }
}
