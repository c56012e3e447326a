/**
 * The portal's order view over HTTP against a running product, after the medical form and the
 * clinician's review: the patient's order shows the accepted prescription month by month and
 * their health id, built by the gateway from the services' events; without a login, nothing.
 */
import { eventually } from '@clinic/kit/testing';

async function getOrderItems(baseUrl: string, token?: string) {
  const res = await fetch(`${baseUrl}/api/order-items`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function runOrderItemsJourney(
  baseUrl: string,
  patient: { token: string; orderId: number },
): Promise<void> {
  expect((await getOrderItems(baseUrl)).status).toBe(401);
  await eventually(async () => {
    const res = await getOrderItems(baseUrl, patient.token);
    expect(res.status).toBe(200);
    expect(res.body.health_id).toEqual(expect.any(String));
    const orders = res.body.orders as { item_id: string; [key: string]: unknown }[];
    const order = orders.find((o) => o.item_id === `order-${patient.orderId}`);
    expect(order).toMatchObject({
      id: patient.orderId,
      kind: 'first',
      submitted: 5,
      external_visit_id: expect.any(String),
      payment_intent_id: expect.any(String),
    });
    // Accepted: at the pharmacy next (fulfilment may already have taken it further).
    expect(order?.status).not.toMatch(/^(payment|pending_approval|waiting_prescription)$/);
    expect(order?.prescription_data).toEqual(
      expect.arrayContaining([expect.objectContaining({ strength: 0.25, month: 1 })]),
    );
  }, 30000);
}
