/**
 * A checkout link's cart-scoped session at /verify: before its cart is paid it is shown nothing
 * the checkout page does not show (no stored address, no verification state, no codes sent);
 * once paid it finishes that order's verification; the portal's stored-address read never.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { CART_SESSION_REFUSED } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { storeAddress } from '../domain/shipping-addresses';
import { startVerification, type Patient, type VerificationHarness } from '../testing';

jest.setTimeout(60000);

let h: VerificationHarness;
beforeAll(async () => {
  h = await startVerification();
});
afterAll(() => h.close());

/** The patient as a session opened from the checkout link of `cartId` reaches verification. */
function linkSession(patient: Patient, cartId: string): Patient {
  return {
    ...patient,
    headers: h.service.as({
      userId: patient.id,
      role: 'patient',
      sessionId: `link-${cartId}`,
      cartId,
    }),
  };
}

async function paid(userId: number, cartId: string, orderId: number) {
  await h.identity.service.runtime.transaction((_tx, events) =>
    events.publish(paymentSucceeded, {
      kind: 'checkout',
      orderId,
      userId,
      cartId,
      transactionId: `ch_${orderId}`,
      amountCents: 29900,
      currency: 'USD',
      paymentTerms: 6,
      productName: 'Tirzepatide',
      planId: 'tir-6',
      prescriptionPreauths: [],
      conversionId: null,
      userName: null,
    }),
  );
}

it("refuses the patient's stored address, verification state and codes to an unpaid link's session", async () => {
  const patient = await h.patient();
  await h.service.runtime.transaction((tx) =>
    storeAddress(
      tx,
      patient.id,
      {
        address_line_1: '1200 Congress Avenue',
        address_line_2: null,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
      'verification',
      h.clock.now(),
    ),
  );
  const link = linkSession(patient, 'cart-unpaid');

  for (const res of [
    await h.get(`/api/address/validate/${patient.id}`, link),
    await h.get('/api/verification-status', link),
    await h.get('/api/ship-address', link),
    await h.post('/api/send-code/1', {}, link),
    await h.post('/api/skip-verification', { type: 1 }, link),
  ]) {
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CART_SESSION_REFUSED);
    expect(JSON.stringify(res.body)).not.toContain('Congress');
  }
  expect(await h.received(patient.email)).toBe(0);

  // The patient logged in for real reads them all.
  expect((await h.get('/api/ship-address', patient)).body.data.city).toBe('Austin');
  expect((await h.get('/api/verification-status', patient)).status).toBe(200);
});

it("lets a paid link's session finish that order's /verify, and no other cart's session", async () => {
  const patient = await h.patient();
  const link = linkSession(patient, 'cart-paid');
  await paid(patient.id, 'cart-paid', 9001);
  await eventually(async () =>
    expect((await h.get('/api/verification-status', link)).status).toBe(200),
  );
  expect((await h.get(`/api/address/validate/${patient.id}`, link)).status).toBe(200);
  expect((await h.post('/api/send-code/2', {}, link)).status).toBe(200);
  // The portal's read of the stored address is still for a real login only.
  expect((await h.get('/api/ship-address', link)).status).toBe(403);

  // Another patient's session on that cart id, or this patient's other link, gets nothing.
  const other = await h.patient();
  expect((await h.get('/api/verification-status', linkSession(other, 'cart-paid'))).status).toBe(
    403,
  );
  expect((await h.get('/api/verification-status', linkSession(patient, 'cart-2'))).status).toBe(
    403,
  );
});
