/**
 * Stripe's charge.refunded on checkout's embedded engines: the charge is marked refunded and
 * `refund-issued` published once per charge, whoever reports the refund first and however often;
 * a delivery whose transaction fails, or a charge checkout never recorded, publishes nothing.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { refunds, transactions } from '../../db/schema';
import { markChargeRefunded } from '../../domain/billing/refunded-charge';
import { identityStub, startCheckout, type CheckoutHarness } from '../../testing/checkout-harness';
import { applyStripeEvent } from './refund-events';

let counter = 0;
/** A charge.refunded event as Stripe delivers it (the fields checkout reads). */
function chargeRefunded(chargeId: string, amountRefunded: number, refundId?: string): Stripe.Event {
  const charge = {
    id: chargeId,
    object: 'charge',
    payment_intent: null,
    amount_refunded: amountRefunded,
    refunds: { object: 'list', data: refundId ? [{ id: refundId, object: 'refund' }] : [] },
  };
  // A fixture of Stripe's own type: the route gets it from stripe.webhooks.constructEvent.
  return {
    id: `evt_refund_${++counter}`,
    object: 'event',
    type: 'charge.refunded',
    data: { object: charge },
  } as unknown as Stripe.Event;
}

describe("Stripe's charge.refunded", () => {
  let t: CheckoutHarness;

  beforeAll(async () => {
    t = await startCheckout({ identity: identityStub });
  });
  afterAll(async () => t.close());

  const deliver = (event: Stripe.Event) =>
    t.service.runtime.transaction((tx, events) => applyStripeEvent(event, tx, events));

  /** A paid checkout of the patient: its charge (transaction) id. */
  async function paidCharge(userId: number): Promise<string> {
    const as = t.patient(userId);
    const paid = await t.pay(await t.saveCart({ as }), {}, { as });
    expect(paid.status).toBe(200);
    return paid.body.transaction_id as string;
  }

  const issuedFor = async (chargeId: string) =>
    (await t.outboxEvents('refund-issued'))
      .map((e) => e.data)
      .filter((d) => d.transactionId === chargeId);

  const statusOf = async (chargeId: string) =>
    (
      await t.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.transactionId, chargeId))
    )[0]?.status;

  it("publishes a dashboard refund once, with Stripe's amount, however often Stripe reports it", async () => {
    const chargeId = await paidCharge(1301);
    await deliver(chargeRefunded(chargeId, 50000, 're_dashboard_1'));
    await deliver(chargeRefunded(chargeId, 50000, 're_dashboard_1'));
    expect(await statusOf(chargeId)).toBe('refunded');
    expect(await issuedFor(chargeId)).toEqual([
      {
        transactionId: chargeId,
        refundId: 're_dashboard_1',
        userId: 1301,
        amountCents: 50000,
        currency: 'USD',
        kind: 'processor',
      },
    ]);
  });

  it('publishes nothing when the delivery fails, and the retried delivery publishes once', async () => {
    const chargeId = await paidCharge(1302);
    await expect(
      t.service.runtime.transaction(async (tx, events) => {
        await applyStripeEvent(chargeRefunded(chargeId, 134982), tx, events);
        throw new Error('the delivery failed after its effects');
      }),
    ).rejects.toThrow('the delivery failed');
    expect(await statusOf(chargeId)).toBe('success');
    expect(await issuedFor(chargeId)).toEqual([]);

    await deliver(chargeRefunded(chargeId, 134982));
    expect(await issuedFor(chargeId)).toEqual([
      expect.objectContaining({ refundId: null, amountCents: 134982, kind: 'processor' }),
    ]);
  });

  it("publishes the clinic's own refund once, as the clinic's, when Stripe reports it first", async () => {
    const chargeId = await paidCharge(1303);
    const [order] = await t.db
      .select({ orderId: transactions.orderId })
      .from(transactions)
      .where(eq(transactions.transactionId, chargeId));
    // The denial's refund is owed (pending) and made at Stripe; its webhook lands first.
    await t.db.insert(refunds).values({
      transactionId: chargeId,
      orderId: order!.orderId,
      amountCents: 134982,
      reason: 'assessment_denied',
      status: 'pending',
      createdAt: t.clock.now(),
    });
    await deliver(chargeRefunded(chargeId, 134982, 're_clinic_1'));
    // Then the refund job records its own refund: the charge is already refunded.
    const recorded = await t.service.runtime.transaction((tx, events) =>
      markChargeRefunded(tx, events, { chargeIds: [chargeId], refundId: 're_clinic_1' }),
    );
    expect(recorded).toBe(false);
    expect(await issuedFor(chargeId)).toEqual([
      {
        transactionId: chargeId,
        refundId: 're_clinic_1',
        userId: 1303,
        amountCents: 134982,
        currency: 'USD',
        kind: 'denied',
      },
    ]);
  });

  it('publishes nothing for a charge checkout never recorded', async () => {
    const before = (await t.outboxEvents('refund-issued')).length;
    await deliver(chargeRefunded('ch_unknown_to_checkout', 1000, 're_x'));
    expect(await t.outboxEvents('refund-issued')).toHaveLength(before);
  });
});
