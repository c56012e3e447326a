/**
 * The pharmacy's part over HTTP, after the clinic journey's accepted prescription, against a
 * running product (single-node in the unit suite, the cluster in the infra suite): the demo
 * pharmacist finds the order's shipment, places it, ships it with a UPS number and marks it
 * delivered; the patient's portal view follows each step (the gateway's read model) and the
 * delivered parcel is offered for a replacement. A patient's token is refused on the console.
 */
import { orderNumber } from '@clinic/contracts';
import { demoAccounts } from '@clinic/identity';
import { eventually } from '@clinic/kit/testing';
import { logInDemo } from './demo-login';
import { call } from './patient-journey';

const upsTrackingNumber = '1Z999AA10123456784';

export async function runFulfillmentJourney(
  baseUrl: string,
  patient: { token: string; orderId: number },
): Promise<void> {
  const { orderId } = patient;
  const { token: pharmacist } = await logInDemo(baseUrl, demoAccounts.pharmacy);
  expect(
    (await call(baseUrl, 'GET', '/api/console/pharmacy/shipments', { token: patient.token }))
      .status,
  ).toBe(403);

  let shipmentId = 0;
  await eventually(async () => {
    const queue = await call(baseUrl, 'GET', '/api/console/pharmacy/shipments?filter=to-place', {
      token: pharmacist,
    });
    expect(queue.status).toBe(200);
    const mine = (queue.body.shipments as { orderId: number; shipmentId: number }[]).find(
      (s) => s.orderId === orderId,
    );
    expect(mine).toBeDefined();
    shipmentId = mine!.shipmentId;
  }, 30000);

  const orderStatus = async () => {
    const view = await call(baseUrl, 'GET', '/api/order-items', { token: patient.token });
    expect(view.status).toBe(200);
    return (view.body.orders as { id: number; kind: string; status: string }[]).find(
      (o) => o.id === orderId && o.kind === 'first',
    );
  };
  const steps = [
    ['place', {}, 'order_placed'],
    ['ship', { carrier: 'UPS', tracking_number: upsTrackingNumber }, 'order_shipped'],
    ['deliver', {}, 'order_delivered'],
  ] as const;
  for (const [step, json, status] of steps) {
    const res = await call(
      baseUrl,
      'POST',
      `/api/console/pharmacy/shipments/${shipmentId}/${step}`,
      {
        token: pharmacist,
        json,
      },
    );
    expect([res.status, res.body.message]).toEqual([200, undefined]);
    expect((res.body.shipment as { status: string }).status).toBe(status);
    await eventually(async () => expect((await orderStatus())?.status).toBe(status), 30000);
  }
  expect(await orderStatus()).toMatchObject({
    tracking_number: upsTrackingNumber,
    logistics_provider: 'UPS',
    order_number: orderNumber(orderId),
  });

  const shipped = await call(baseUrl, 'GET', '/api/get-shipped-items', { token: patient.token });
  expect(shipped.status).toBe(200);
  expect((shipped.body.items as { orders: unknown[] }[])[0]!.orders).toEqual([
    expect.objectContaining({ external_order_number: orderNumber(orderId) }),
  ]);
}
