/**
 * GET /api/console/support/patients/:userId/orders: support (and admins) see a patient's orders
 * and where each stands, with no prescription, dose or medical answer; patients and other staff
 * roles are refused; and every read leaves an audit line that can never be changed.
 */
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { orderNumberHint, supportOrderSearch, supportPatientOrders } from '@clinic/contracts';
import { deliveredOrder, orderLife, at } from '../domain/order-events.fixtures';
import { startOrderView, type OrderViewHarness } from '../testing/order-view-harness';

// One order view for the file: the two describes' patients (100 and 200; 400 and 500) and
// orders are apart.
let h: OrderViewHarness;
beforeAll(async () => {
  h = await startOrderView();
  const later = orderLife(22, 100);
  const refill = orderLife(1042, 400).shipment('refill', 10421, 90 * 24 * 60, 'check-in');
  await h.publish([
    ...deliveredOrder(21, 100),
    // The patient asked for a replacement of the delivered parcel: it waits for the pharmacy.
    orderLife(21, 100).reshipAsked(2 * 24 * 60),
    { ...later.paid, occurredAt: at(3 * 24 * 60) },
    orderLife(23, 200).paid,
    ...deliveredOrder(1042, 400),
    { ...refill, data: { ...(refill.data as object), orderNumber: '#1042 (refill 1)' } },
    ...deliveredOrder(42, 500),
  ]);
});
afterAll(() => h.close());

const as = (userId: number, role: 'patient' | 'pharmacy' | 'support' | 'admin') =>
  h.service.as({ userId, role, sessionId: `s-${userId}` });
/** The audit trail's lines about the patient, oldest first. */
const auditOf = async (userId: number) =>
  (
    await h.service.runtime.audit.page(h.service.runtime.db, { patientId: userId, limit: 100 })
  ).entries.reverse();

describe('GET /api/console/support/patients/:userId/orders', () => {
  const path = (userId: number) => `/api/console/support/patients/${userId}/orders`;

  it("answers support with the patient's orders, newest first, and their status and tracking", async () => {
    const res = await request(h.service.app).get(path(100)).set(as(5, 'support'));
    expect(res.status).toBe(200);
    expect(supportPatientOrders.response.safeParse(res.body).success).toBe(true);
    expect(
      res.body.orders.map((o: { itemId: string; orderNumber: string; statusLabel: string }) => [
        o.itemId,
        o.orderNumber,
        o.statusLabel,
      ]),
    ).toEqual([
      ['order-22', '#0022', 'Assessment not submitted'],
      ['order-21', '#0021', 'Delivered'],
    ]);
    const delivered = res.body.orders[1];
    expect(delivered.trackingNumber).toEqual(expect.any(String));
    expect(delivered.carrier).toEqual(expect.any(String));
    // A pending replacement request shows on its order (issue 26); none on the other.
    expect(res.body.orders.map((o: { reshipRequest: string | null }) => o.reshipRequest)).toEqual([
      null,
      'waiting',
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never sends prescription data, doses or medical answers', async () => {
    const res = await request(h.service.app).get(path(100)).set(as(5, 'support'));
    const sent = JSON.stringify(res.body);
    for (const field of [
      'prescription',
      'strength',
      'directions',
      'rxId',
      'medId',
      'dose',
      'external_visit_id',
      'provider',
      'payment_intent_id',
      'answers',
    ])
      expect(sent).not.toContain(field);
    for (const order of res.body.orders as object[])
      expect(Object.keys(order).sort()).toEqual(
        [
          'carrier',
          'createdAt',
          'itemId',
          'kind',
          'orderId',
          'orderNumber',
          'productName',
          'reshipRequest',
          'status',
          'statusLabel',
          'trackingNumber',
        ].sort(),
      );
  });

  it('writes an audit line (staff, role, patient, time, address) before answering', async () => {
    const before = (await auditOf(200)).length;
    await request(h.service.app).get(path(200)).set(as(6, 'support')).expect(200);
    const lines = await auditOf(200);
    expect(lines).toHaveLength(before + 1);
    expect(lines.at(-1)).toMatchObject({
      staff: { id: 6, role: 'support' },
      action: 'patient-orders.read',
      patientId: 200,
      ip: expect.any(String),
      at: expect.any(Date),
    });
  });

  it('keeps the audit log append-only', async () => {
    await request(h.service.app).get(path(200)).set(as(6, 'support')).expect(200);
    const db = h.service.runtime.db;
    await expect(db.execute(sql`update gateway.audit_trail set staff_id = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from gateway.audit_trail`)).rejects.toThrow();
    await expect(db.execute(sql`truncate gateway.audit_trail`)).rejects.toThrow();
  });

  it('answers an admin, and a patient with no orders with an empty list', async () => {
    const res = await request(h.service.app).get(path(300)).set(as(1, 'admin'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', orders: [] });
  });

  it('refuses patients, pharmacists and nobody, and writes no audit line for them', async () => {
    const before = (await auditOf(100)).length;
    expect((await request(h.service.app).get(path(100)).set(as(100, 'patient'))).status).toBe(403);
    expect((await request(h.service.app).get(path(100)).set(as(8, 'pharmacy'))).status).toBe(403);
    expect((await request(h.service.app).get(path(100))).status).toBe(401);
    expect(await auditOf(100)).toHaveLength(before);
  });
});

describe('GET /api/console/support/orders?number=... (an order found by its number)', () => {
  const search = (typed: string, who = as(5, 'support')) =>
    request(h.service.app)
      .get(`/api/console/support/orders?number=${encodeURIComponent(typed)}`)
      .set(who);

  it('finds the order and its refill however the number is typed', async () => {
    for (const typed of ['#1042', '1042', 'GLP-1042', 'order #1042 (refill 1)', ' 01042 ']) {
      const res = await search(typed);
      expect(res.status).toBe(200);
      expect(supportOrderSearch.response.safeParse(res.body).success).toBe(true);
      expect(
        res.body.orders.map((o: { itemId: string; orderNumber: string; statusLabel: string }) => [
          o.itemId,
          o.orderNumber,
          o.statusLabel,
        ]),
      ).toEqual([
        ['order-1042', '#1042', 'Delivered'],
        ['shipment-10421', '#1042 (refill 1)', 'Assessment not submitted'],
      ]);
    }
    // "#0042" is order 42, not 1042, nor the drug class.
    const short = await search('#0042');
    expect(short.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['#0042']);
  });

  it("audits a find as a read of that patient's orders, and an unknown number finds nothing", async () => {
    const before = (await auditOf(400)).length;
    await search('1042', as(6, 'support')).expect(200);
    expect(await auditOf(400)).toHaveLength(before + 1);
    const none = await search('#9999');
    expect(none.body).toEqual({ status: 'success', orders: [], userId: null });
  });

  it("names whose order it is, so support can open the patient's account", async () => {
    expect((await search('#1042')).body.userId).toBe(400);
    expect((await search('#0042')).body.userId).toBe(500);
  });

  it('refuses what is not an order number with the hint, and other roles', async () => {
    const refused = await search('Jordan Smith');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(orderNumberHint);
    expect((await search('', as(5, 'support'))).status).toBe(400);
    expect((await search('1042', as(400, 'patient'))).status).toBe(403);
    expect((await search('1042', as(8, 'pharmacy'))).status).toBe(403);
  });
});
