/**
 * What every card processor must do, run against each implementation: Stripe's test cards give
 * their documented outcomes, an idempotency key never charges twice (also when the two requests
 * arrive at once), tokens work once, saved cards can be charged again, refunds are idempotent.
 * Saving a card without a charge (saveCard) keeps it on a new or given customer for off-session
 * charges, once per key; cards the issuer refuses are declined on save, except
 * 4000 0000 0000 0341, which saves and is declined when charged.
 */
import { randomUUID } from 'node:crypto';
import { ProcessorRequestError, type CardProcessor } from './card-processor';

export interface ProcessorUnderTest {
  processor: CardProcessor;
  /** A fresh single-use token for a card number, as the browser would get it. */
  tokenFor(number: string): Promise<string>;
  /** How many charges the processor recorded for a description (to count real charges). */
  chargesDescribed(description: string): Promise<number>;
  close(): Promise<void>;
}

export function cardProcessorContract(name: string, open: () => Promise<ProcessorUnderTest>): void {
  describe(`${name} card processor`, () => {
    let t: ProcessorUnderTest;
    beforeAll(async () => {
      t = await open();
    });
    afterAll(async () => t.close());

    const charge = async (number: string, extra: { amountCents?: number; key?: string } = {}) =>
      t.processor.charge({
        amountCents: extra.amountCents ?? 134982,
        source: await t.tokenFor(number),
        description: `test ${randomUUID()}`,
        idempotencyKey: extra.key ?? randomUUID(),
      });

    it('gives every token of one card the same fingerprint, on success and decline alike', async () => {
      const [a, b, other] = await Promise.all([
        charge('4000000000009995'),
        charge('4000000000009995'),
        charge('4242424242424242'),
      ]);
      expect(a.cardFingerprint).toEqual(expect.any(String));
      expect(b.cardFingerprint).toBe(a.cardFingerprint);
      expect(other.cardFingerprint).not.toBe(a.cardFingerprint);
    });

    it("tells a card's fingerprint before the charge, without spending the token", async () => {
      const token = await t.tokenFor('4000000000000002');
      const print = await t.processor.cardFingerprint(token);
      expect(print).toEqual(expect.any(String));
      expect(await t.processor.cardFingerprint(await t.tokenFor('4000000000000002'))).toBe(print);
      expect(await t.processor.cardFingerprint(await t.tokenFor('4242424242424242'))).not.toBe(
        print,
      );
      const result = await t.processor.charge({
        amountCents: 134982,
        source: token,
        description: `test ${randomUUID()}`,
        idempotencyKey: randomUUID(),
      });
      expect(result).toMatchObject({ status: 'declined', cardFingerprint: print });
      expect(await t.processor.cardFingerprint('tok_unknown')).toBeNull();
    });

    it('charges 4242 4242 4242 4242 in cents and tells the card', async () => {
      const result = await charge('4242424242424242');
      expect(result).toMatchObject({
        status: 'succeeded',
        amountCents: 134982,
        card: { brand: 'visa', last4: '4242' },
      });
    });

    it.each([
      ['4000000000000002', 'generic_decline'],
      ['4000000000009995', 'insufficient_funds'],
      ['4000000000000069', 'expired_card'],
      ['4000000000000119', 'processing_error'],
      ['4000000000009987', 'lost_card'],
      ['4000000000000341', 'generic_decline'],
    ])('declines %s with %s', async (number, code) => {
      const result = await charge(number);
      expect(result).toMatchObject({ status: 'declined', code });
    });

    it('answers a repeated idempotency key with the first charge, charging once', async () => {
      const key = randomUUID();
      const description = `repeat ${key}`;
      const request = {
        amountCents: 24997,
        source: await t.tokenFor('4242424242424242'),
        description,
        idempotencyKey: key,
      };
      const first = await t.processor.charge(request);
      const second = await t.processor.charge(request);
      expect(second).toEqual(first);
      expect(await t.chargesDescribed(description)).toBe(1);
    });

    it('charges once when the same key arrives twice at the same moment', async () => {
      const key = randomUUID();
      const description = `race ${key}`;
      const request = {
        amountCents: 24997,
        source: await t.tokenFor('4242424242424242'),
        description,
        idempotencyKey: key,
      };
      const [a, b] = await Promise.all([t.processor.charge(request), t.processor.charge(request)]);
      expect(a).toEqual(b);
      expect(await t.chargesDescribed(description)).toBe(1);
    });

    it('refuses a key reused with other parameters, and an amount under 50 cents', async () => {
      const key = randomUUID();
      const source = await t.tokenFor('4242424242424242');
      await t.processor.charge({
        amountCents: 24997,
        source,
        description: 'a',
        idempotencyKey: key,
      });
      await expect(
        t.processor.charge({ amountCents: 9999, source, description: 'a', idempotencyKey: key }),
      ).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
      await expect(
        t.processor.charge({
          amountCents: 10,
          source,
          description: 'b',
          idempotencyKey: randomUUID(),
        }),
      ).rejects.toBeInstanceOf(ProcessorRequestError);
    });

    it('refuses a token used once already', async () => {
      const source = await t.tokenFor('4242424242424242');
      await t.processor.charge({
        amountCents: 5000,
        source,
        description: 'x',
        idempotencyKey: randomUUID(),
      });
      await expect(
        t.processor.charge({
          amountCents: 5000,
          source,
          description: 'x',
          idempotencyKey: randomUUID(),
        }),
      ).rejects.toMatchObject({ code: 'token_already_used' });
    });

    it('saves a card on a customer and charges it again later', async () => {
      const first = await t.processor.charge({
        amountCents: 24997,
        source: await t.tokenFor('4242424242424242'),
        saveCard: true,
        description: 'first month',
        idempotencyKey: randomUUID(),
      });
      if (first.status !== 'succeeded' || !first.paymentMethodId || !first.customerId)
        throw new Error('expected a saved card');
      const renewal = await t.processor.charge({
        amountCents: 34997,
        source: first.paymentMethodId,
        customerId: first.customerId,
        description: 'renewal',
        idempotencyKey: randomUUID(),
      });
      expect(renewal).toMatchObject({ status: 'succeeded', amountCents: 34997 });
      expect(renewal.status === 'succeeded' && renewal.chargeId).not.toBe(first.chargeId);
    });

    const saveCard = async (number: string, customerId: string | null = null) =>
      t.processor.saveCard({
        source: await t.tokenFor(number),
        customerId,
        idempotencyKey: randomUUID(),
      });

    const renew = (paymentMethodId: string, customerId: string) =>
      t.processor.charge({
        amountCents: 34997,
        source: paymentMethodId,
        customerId,
        description: `renewal ${randomUUID()}`,
        idempotencyKey: randomUUID(),
      });

    it('saves a card on a new customer without charging it, and charges it off-session later', async () => {
      const saved = await saveCard('4242424242424242');
      expect(saved).toEqual({
        status: 'saved',
        customerId: expect.any(String),
        paymentMethodId: expect.any(String),
        card: { brand: 'visa', last4: '4242' },
        cardFingerprint: expect.any(String),
      });
      if (saved.status !== 'saved') throw new Error('expected a saved card');
      const renewal = await renew(saved.paymentMethodId, saved.customerId);
      expect(renewal).toMatchObject({
        status: 'succeeded',
        amountCents: 34997,
        customerId: saved.customerId,
        paymentMethodId: saved.paymentMethodId,
        cardFingerprint: saved.cardFingerprint,
      });
    });

    it('saves another card on an existing customer, keeping the customer', async () => {
      const first = await saveCard('4242424242424242');
      if (first.status !== 'saved') throw new Error('expected a saved card');
      const second = await saveCard('5555555555554444', first.customerId);
      expect(second).toMatchObject({
        status: 'saved',
        customerId: first.customerId,
        card: { brand: 'mastercard', last4: '4444' },
      });
      if (second.status !== 'saved') throw new Error('expected a saved card');
      expect(second.paymentMethodId).not.toBe(first.paymentMethodId);
      expect(await renew(second.paymentMethodId, first.customerId)).toMatchObject({
        status: 'succeeded',
      });
    });

    it('answers a repeated save key with the first saved card', async () => {
      const request = {
        source: await t.tokenFor('4242424242424242'),
        customerId: null,
        idempotencyKey: randomUUID(),
      };
      const first = await t.processor.saveCard(request);
      expect(first.status).toBe('saved');
      expect(await t.processor.saveCard(request)).toEqual(first);
    });

    it.each([
      ['4000000000000002', 'generic_decline'],
      ['4000000000009995', 'insufficient_funds'],
      ['4000000000000069', 'expired_card'],
      ['4000000000000127', 'incorrect_cvc'],
    ])('declines saving %s with %s', async (number, code) => {
      const result = await saveCard(number);
      expect(result).toEqual({
        status: 'declined',
        code,
        message: expect.any(String),
        cardFingerprint: expect.any(String),
      });
    });

    it('saves 4000 0000 0000 0341 but declines charging it', async () => {
      const saved = await saveCard('4000000000000341');
      expect(saved).toMatchObject({ status: 'saved', card: { last4: '0341' } });
      if (saved.status !== 'saved') throw new Error('expected a saved card');
      expect(await renew(saved.paymentMethodId, saved.customerId)).toEqual({
        status: 'declined',
        code: 'generic_decline',
        message: 'Your card was declined.',
        cardFingerprint: saved.cardFingerprint,
      });
    });

    it('refuses to save a token used once already, by a charge or a save', async () => {
      const charged = await t.tokenFor('4242424242424242');
      await t.processor.charge({
        amountCents: 5000,
        source: charged,
        description: 'x',
        idempotencyKey: randomUUID(),
      });
      const saved = await t.tokenFor('4242424242424242');
      await t.processor.saveCard({ source: saved, customerId: null, idempotencyKey: randomUUID() });
      for (const source of [charged, saved])
        await expect(
          t.processor.saveCard({ source, customerId: null, idempotencyKey: randomUUID() }),
        ).rejects.toMatchObject({ code: 'token_already_used' });
      // A token spent on a save cannot be charged either.
      await expect(
        t.processor.charge({
          amountCents: 5000,
          source: saved,
          description: 'x',
          idempotencyKey: randomUUID(),
        }),
      ).rejects.toMatchObject({ code: 'token_already_used' });
    });

    it('refuses to save a card onto a customer it does not know', async () => {
      await expect(saveCard('4242424242424242', 'cus_unknown')).rejects.toMatchObject({
        code: 'resource_missing',
      });
    });

    it('refunds a charge in full, once per key, and not twice', async () => {
      const paid = await charge('4242424242424242', { amountCents: 80995 });
      if (paid.status !== 'succeeded') throw new Error('expected a charge');
      const key = randomUUID();
      const refund = await t.processor.refund(paid.chargeId, key);
      expect(refund).toMatchObject({ chargeId: paid.chargeId, amountCents: 80995 });
      expect(await t.processor.refund(paid.chargeId, key)).toEqual(refund);
      await expect(t.processor.refund(paid.chargeId, randomUUID())).rejects.toMatchObject({
        code: 'charge_already_refunded',
      });
    });
  });
}
