/**
 * The replacement wizard's calls and the pharmacy's reship queue on real accounts: what may be
 * replaced, the 7-day window from delivery, the photo checked by its content, someone else's
 * item refused, and the pharmacy's approval (a new shipment) or refusal (a reason emailed).
 */
import { orderNumber, pharmacyMessages, reshipMessages } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import {
  startFulfillment,
  type AcceptedOrder,
  type FulfillmentHarness,
  type StaffUnderTest,
} from '../testing';

let h: FulfillmentHarness;
let pharmacist: StaffUnderTest;

beforeAll(async () => {
  h = await startFulfillment();
  pharmacist = await h.staff('pharmacy');
});
afterAll(async () => {
  await h.close();
});

const dayMs = 24 * 3600 * 1000;

async function deliveredOrder(): Promise<AcceptedOrder & { orderNumber: string }> {
  const order = await h.acceptedOrder();
  await h.deliver(order.shipmentId, pharmacist);
  const [shipment] = await h.shipmentsOf(order.orderId);
  return { ...order, orderNumber: shipment!.orderNumber };
}

it('lists delivered shipments for replacement and takes a request with a photo', async () => {
  const order = await deliveredOrder();
  const listed = await h.get('/api/get-shipped-items', order.patient);
  expect(listed.status).toBe(200);
  expect(listed.body.success).toBe(true);
  expect(listed.body.items[0].orders).toEqual([
    expect.objectContaining({
      // The one order number: the portal's, the console's and the emails'.
      external_order_number: orderNumber(order.orderId),
      med_name: 'Compounded Tirzepatide injection',
    }),
  ]);
  const image = await h.photo(order.patient);
  const res = await h.post(
    '/api/submit-reship-request',
    {
      reason: 'The box arrived warm and one vial was cracked.',
      image,
      items: [{ name: 'Compounded Tirzepatide injection', id: order.orderNumber }],
    },
    order.patient,
  );
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, message: reshipMessages.thankYou });
  // One open request per shipment: it leaves the list, and a second is refused.
  expect((await h.get('/api/get-shipped-items', order.patient)).body.items[0].orders).toEqual([]);
  const again = await h.post(
    '/api/submit-reship-request',
    { reason: 'Again', image, items: [{ name: 'x', id: order.orderNumber }] },
    order.patient,
  );
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(reshipMessages.alreadyRequested);

  const queue = await h.get('/api/console/pharmacy/reships', pharmacist);
  const request = queue.body.reships.find(
    (r: { orderNumber: string }) => r.orderNumber === order.orderNumber,
  );
  // The queue names the patient and what they asked: the list read is on the trail.
  const { entries: queueReads } = await h.service.runtime.audit.page(h.service.runtime.db, {
    action: 'reship.list',
    refs: { reship: request.reshipId },
    limit: 10,
  });
  expect(queueReads).toMatchObject([{ subject: 'queue: waiting', staff: { id: pharmacist.id } }]);
  expect(request).toMatchObject({
    patientName: 'Avery Stone',
    reason: 'The box arrived warm and one vial was cracked.',
    status: 'waiting',
    hasImage: true,
  });
  const photo = await h.get(
    `/api/console/pharmacy/reships/${request.reshipId}/evidence-url`,
    pharmacist,
  );
  expect(photo.status).toBe(200);
  expect(photo.body.url).toEqual(expect.any(String));

  const approved = await h.post(
    `/api/console/pharmacy/reships/${request.reshipId}/approve`,
    {},
    pharmacist,
  );
  expect(approved.status).toBe(200);
  expect(approved.body.reship).toMatchObject({ status: 'approved', decidedBy: 'Parker Person' });
  const shipments = await h.shipmentsOf(order.orderId);
  expect(shipments.map((s) => [s.kind, s.status, s.replaces, s.orderNumber])).toEqual([
    ['first', 'order_delivered', null, orderNumber(order.orderId)],
    [
      'reship',
      'prescription_received',
      order.shipmentId,
      `${orderNumber(order.orderId)} (replacement 1)`,
    ],
  ]);
  expect(approved.body.reship.newShipmentId).toBe(shipments[1]!.id);
  expect(approved.body.reship.newOrderNumber).toBe(`${orderNumber(order.orderId)} (replacement 1)`);
  const twice = await h.post(
    `/api/console/pharmacy/reships/${request.reshipId}/refuse`,
    { reason: 'No' },
    pharmacist,
  );
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe(pharmacyMessages.reshipDecided);
  await eventually(async () => {
    const mail = await h.mail(order.patient);
    const bodyOf = (subject: string) => mail.find((m) => m.subject === subject)?.body;
    expect(bodyOf('We received your replacement request')).toContain(
      `replacement request for order ${orderNumber(order.orderId)}.`,
    );
    expect(bodyOf('Your replacement is approved')).toContain(
      `The replacement is order ${orderNumber(order.orderId)} (replacement 1);`,
    );
  });
  const requested = await h.outboxEvents('reship-requested');
  expect(JSON.stringify(requested)).not.toMatch(/cracked/);
});

it('refuses with a reason the patient is emailed', async () => {
  const order = await deliveredOrder();
  const image = await h.photo(order.patient);
  await h.post(
    '/api/submit-reship-request',
    { reason: 'Missing the alcohol swabs.', image, items: [{ name: 'x', id: order.orderNumber }] },
    order.patient,
  );
  const queue = await h.get('/api/console/pharmacy/reships', pharmacist);
  const { reshipId } = queue.body.reships.find(
    (r: { orderNumber: string }) => r.orderNumber === order.orderNumber,
  );
  expect(
    (await h.post(`/api/console/pharmacy/reships/${reshipId}/refuse`, { reason: ' ' }, pharmacist))
      .status,
  ).toBe(400);
  const refused = await h.post(
    `/api/console/pharmacy/reships/${reshipId}/refuse`,
    { reason: 'Swabs are not part of the prescription; any pharmacy sells them.' },
    pharmacist,
  );
  expect(refused.body.reship).toMatchObject({ status: 'refused', newShipmentId: null });
  expect(await h.shipmentsOf(order.orderId)).toHaveLength(1);
  await eventually(async () => {
    const mail = await h.mail(order.patient);
    const answer = mail.find((m) => m.subject === 'About your replacement request');
    expect(answer?.body).toContain('any pharmacy sells them');
  });
});

it("enforces the 7-day window, the photo's content, and the caller's own items; nothing is stored", async () => {
  const order = await deliveredOrder();
  const stranger = await deliveredOrder();
  const image = await h.photo(order.patient);
  const submit = (body: unknown, as = order.patient) =>
    h.post('/api/submit-reship-request', body, as);
  const valid = {
    reason: 'Damaged',
    image,
    items: [{ name: 'x', id: order.orderNumber }],
  };
  const refusals: [unknown, number, string | RegExp][] = [
    [{ ...valid, items: [] }, 400, reshipMessages.selectItem],
    [{ ...valid, reason: '   ' }, 400, reshipMessages.enterReason],
    [{ ...valid, reason: 'x'.repeat(1001) }, 400, /1000/],
    [{ ...valid, image: '' }, 400, reshipMessages.uploadImage],
    [{ ...valid, image: 'never-uploaded.png' }, 400, reshipMessages.uploadImage],
    // Another patient's parcel is the same 404 as one that does not exist.
    [
      { ...valid, items: [{ name: 'x', id: stranger.orderNumber }] },
      404,
      reshipMessages.unknownItem,
    ],
    [{ ...valid, items: [{ name: 'x', id: 'GLP-1-99' }] }, 404, reshipMessages.unknownItem],
  ];
  for (const [body, status, message] of refusals) {
    const res = await submit(body);
    expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
  }
  // A PDF renamed .png is no photo, and another patient's photo is not the caller's.
  const pdf = await h.photo(order.patient, Buffer.from('%PDF-1.7 a document'));
  expect((await submit({ ...valid, image: pdf })).body.message).toBe(reshipMessages.selectImage);
  const theirs = await h.photo(stranger.patient);
  expect((await submit({ ...valid, image: theirs })).body.message).toBe(reshipMessages.uploadImage);
  expect((await h.get('/api/console/pharmacy/reships', pharmacist)).body.reships).not.toEqual(
    expect.arrayContaining([expect.objectContaining({ orderNumber: order.orderNumber })]),
  );

  h.forms.clock.advance(7 * dayMs + 60_000);
  expect((await h.get('/api/get-shipped-items', order.patient)).body.items[0].orders).toEqual([]);
  const late = await submit(valid);
  expect(late.status).toBe(409);
  expect(late.body.message).toBe(reshipMessages.windowClosed);
  expect((await h.get('/api/get-shipped-items', order.patient)).status).toBe(200);
  expect((await h.post('/api/submit-reship-request', valid, { headers: {} })).status).toBe(401);
});

it('takes a request on day 6 and at exactly 7 × 24 hours after delivery, and none 1 ms later', async () => {
  // Three parcels delivered at the same moment: the window is 7 days to the millisecond, so a
  // window of hours (or of 7 days less a moment, or more) fails one of the three.
  const [daySix, lastMoment, tooLate] = [
    await deliveredOrder(),
    await deliveredOrder(),
    await deliveredOrder(),
  ];
  const listed = async (order: { patient: AcceptedOrder['patient'] }) =>
    (await h.get('/api/get-shipped-items', order.patient)).body.items[0].orders as {
      delivered_at: string;
      reship_until: string;
    }[];
  const [delivery] = await listed(tooLate);
  const deliveredAt = Date.parse(delivery!.delivered_at);
  expect(Date.parse(delivery!.reship_until) - deliveredAt).toBe(7 * dayMs);
  for (const order of [daySix, lastMoment])
    expect((await listed(order))[0]!.delivered_at).toBe(delivery!.delivered_at);
  const moveTo = (at: number) => h.forms.clock.advance(at - h.forms.clock.now().getTime());
  const ask = async (order: Awaited<ReturnType<typeof deliveredOrder>>) =>
    h.post(
      '/api/submit-reship-request',
      {
        reason: 'The vial was cracked.',
        image: await h.photo(order.patient),
        items: [{ name: 'x', id: order.orderNumber }],
      },
      order.patient,
    );

  moveTo(deliveredAt + 6 * dayMs);
  expect(await listed(daySix)).toHaveLength(1);
  expect((await ask(daySix)).status).toBe(200);

  moveTo(deliveredAt + 7 * dayMs);
  expect(await listed(lastMoment)).toHaveLength(1);
  expect((await ask(lastMoment)).status).toBe(200);

  moveTo(deliveredAt + 7 * dayMs + 1);
  expect(await listed(tooLate)).toEqual([]);
  const late = await ask(tooLate);
  expect([late.status, late.body.message]).toEqual([409, reshipMessages.windowClosed]);
});
