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
import { sql } from 'drizzle-orm';
import { rows, type Clock, type Tx, type Database } from '@clinic/kit';
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
  exp_month: number;
  exp_year: number;
  outcome: CardOutcome;
  fingerprint: string;
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
  const endOfMonth = Date.UTC(card.exp_year, card.exp_month, 1);
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
      const claimed = await rows<{ key: string }>(
        tx,
        sql`insert into checkout.sandbox_idempotency (key, fingerprint, response, created_at)
            values (${key}, ${print}, 'null'::jsonb, ${now})
            on conflict (key) do nothing returning key`,
      );
      if (claimed.length === 0) {
        const [stored] = await rows<{ fingerprint: string; response: T }>(
          tx,
          sql`select fingerprint, response from checkout.sandbox_idempotency where key = ${key}`,
        );
        if (stored?.fingerprint !== print)
          throw new ProcessorRequestError(
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        return stored.response;
      }
      const answer = await work(tx);
      await tx.execute(
        sql`update checkout.sandbox_idempotency set response = ${JSON.stringify(answer)}::jsonb where key = ${key}`,
      );
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
      await tx.execute(
        sql`insert into checkout.sandbox_charges
              (id, amount_cents, status, decline_code, customer_id, payment_method_id, description, created_at)
            values (${chargeId}, ${request.amountCents}, 'failed', ${refusal}, ${customerId},
                    ${paymentMethodId}, ${request.description}, ${now})`,
      );
      return declined(refusal, card);
    }

    if (request.saveCard && !paymentMethodId) {
      customerId ??= await this.createCustomer(tx, now);
      paymentMethodId = await this.insertPaymentMethod(tx, customerId, card, now);
    }
    await tx.execute(
      sql`insert into checkout.sandbox_charges
            (id, amount_cents, status, customer_id, payment_method_id, description, created_at)
          values (${chargeId}, ${request.amountCents}, 'succeeded', ${customerId},
                  ${paymentMethodId}, ${request.description}, ${now})`,
    );
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
    const [card] = await rows<{ fingerprint: string }>(
      this.database.db,
      sql`select fingerprint from checkout.sandbox_tokens where id = ${source}
          union all
          select fingerprint from checkout.sandbox_payment_methods where id = ${source}`,
    );
    return card?.fingerprint || null;
  }

  /** A saved method, found only with the customer it belongs to (as Stripe does). */
  private async savedMethod(
    tx: Tx,
    paymentMethodId: string,
    customerId: string | undefined,
  ): Promise<CardRow> {
    const [method] = await rows<CardRow & { customer_id: string }>(
      tx,
      sql`select brand, last4, exp_month, exp_year, outcome, fingerprint, customer_id
          from checkout.sandbox_payment_methods where id = ${paymentMethodId}`,
    );
    if (!method || method.customer_id !== customerId)
      throw new ProcessorRequestError(
        'resource_missing',
        `No such PaymentMethod: '${paymentMethodId}'`,
      );
    return method;
  }

  /**
   * The card behind a single-use token, marking it used. The row is locked so that two requests
   * with one token (under different keys) cannot both spend it.
   */
  private async spendToken(tx: Tx, tokenId: string, now: Date): Promise<CardRow> {
    const [token] = await rows<CardRow & { used_at: string | null }>(
      tx,
      sql`select brand, last4, exp_month, exp_year, outcome, fingerprint, used_at
          from checkout.sandbox_tokens where id = ${tokenId} for update`,
    );
    if (!token) throw new ProcessorRequestError('resource_missing', `No such token: '${tokenId}'`);
    if (token.used_at)
      throw new ProcessorRequestError(
        'token_already_used',
        `You cannot use a Stripe token more than once: ${tokenId}.`,
      );
    await tx.execute(
      sql`update checkout.sandbox_tokens set used_at = ${now} where id = ${tokenId}`,
    );
    return token;
  }

  private async createCustomer(tx: Tx, now: Date): Promise<string> {
    const customerId = sandboxId('cus');
    await tx.execute(
      sql`insert into checkout.sandbox_customers (id, created_at) values (${customerId}, ${now})`,
    );
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
    await tx.execute(
      sql`insert into checkout.sandbox_payment_methods
            (id, customer_id, brand, last4, exp_month, exp_year, outcome, fingerprint, created_at)
          values (${paymentMethodId}, ${customerId}, ${card.brand}, ${card.last4},
                  ${card.exp_month}, ${card.exp_year}, ${card.outcome}, ${card.fingerprint}, ${now})`,
    );
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
    const [customer] = await rows<{ id: string }>(
      tx,
      sql`select id from checkout.sandbox_customers where id = ${customerId}`,
    );
    if (!customer)
      throw new ProcessorRequestError('resource_missing', `No such customer: '${customerId}'`);
  }

  refund(chargeId: string, idempotencyKey: string): Promise<RefundResult> {
    return this.idempotent(`refund:${idempotencyKey}`, { chargeId }, async (tx) => {
      const [charge] = await rows<{
        status: string;
        amount_cents: number;
        refund_id: string | null;
      }>(
        tx,
        sql`select status, amount_cents, refund_id from checkout.sandbox_charges
            where id = ${chargeId} for update`,
      );
      if (!charge || charge.status !== 'succeeded')
        throw new ProcessorRequestError('resource_missing', `No such charge: '${chargeId}'`);
      if (charge.refund_id)
        throw new ProcessorRequestError(
          'charge_already_refunded',
          `Charge ${chargeId} has already been refunded.`,
        );
      const refundId = sandboxId('re');
      await tx.execute(
        sql`update checkout.sandbox_charges set refund_id = ${refundId}, refunded_at = ${this.clock.now()}
            where id = ${chargeId}`,
      );
      return { refundId, chargeId, amountCents: charge.amount_cents };
    });
  }
}
