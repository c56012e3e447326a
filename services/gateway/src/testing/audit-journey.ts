/**
 * The one audit trail, against a running product, after the clinic, fulfilment and chat journeys
 * of one patient: each staff role reads that patient's health information through every call
 * that shows it (the clinician's case list, case, file, FHIR record and doctor thread; support's
 * order views, account, conversation and its live watch; the pharmacist's shipment; the admin's
 * privacy requests), and the admin finds each read in GET /api/console/audit, named by its
 * service, action, patient and order; the filters narrow it and the CSV export holds the same
 * lines.
 */
import { io } from 'socket.io-client';
import {
  chatEvents,
  chatSocketPath,
  type AuditEntry,
  type ChatAck,
  type ServiceName,
} from '@clinic/contracts';
import { demoAccounts } from '@clinic/identity';
import { eventually } from '@clinic/kit/testing';
import { logInDemo } from './demo-login';
import { call } from './patient-journey';

const logIn = (baseUrl: string, role: keyof typeof demoAccounts) =>
  logInDemo(baseUrl, demoAccounts[role]);

async function read(baseUrl: string, token: string, path: string) {
  const res = await call(baseUrl, 'GET', path, { token });
  expect([path, res.status]).toEqual([path, 200]);
  return res.body as Record<string, unknown>;
}

/** The patient writes to support (so there is a conversation to read and watch). */
async function conversationOf(
  baseUrl: string,
  patient: { token: string; id: number },
  support: string,
): Promise<number> {
  const socket = io(baseUrl, {
    path: chatSocketPath,
    transports: ['websocket'],
    auth: { token: patient.token },
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck(chatEvents.initUser, { id: patient.id });
    const question = `Is my medication on its way? ${Date.now()}`;
    const ack = (await socket.emitWithAck(chatEvents.chatMessage, {
      userId: patient.id,
      message: question,
    })) as ChatAck;
    if (!ack.ok) throw new Error(ack.error);
    const inbox = await read(baseUrl, support, '/api/console/support/conversations?view=waiting');
    const found = (inbox.conversations as { conversationId: number; lastMessage: string }[]).find(
      (c) => c.lastMessage === question,
    );
    expect(found).toBeDefined();
    return found!.conversationId;
  } finally {
    socket.disconnect();
  }
}

/** A support agent's console socket watches the conversation live. */
async function watchLive(baseUrl: string, support: string, conversationId: number) {
  const socket = io(baseUrl, {
    path: chatSocketPath,
    transports: ['websocket'],
    auth: { token: support },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit(chatEvents.watch, { conversationId });
  return () => socket.disconnect();
}

export async function runAuditJourney(
  baseUrl: string,
  patient: { token: string; orderId: number },
): Promise<void> {
  const { orderId } = patient;
  const clinician = await logIn(baseUrl, 'clinician');
  const support = await logIn(baseUrl, 'support');
  const pharmacy = await logIn(baseUrl, 'pharmacy');
  const admin = await logIn(baseUrl, 'admin');

  // The clinician: the case in the list, the case, one of its files, its FHIR record, the thread.
  const listed = await read(baseUrl, clinician.token, `/api/console/cases?number=${orderId}`);
  const patientId = (listed.cases as { userId: number }[])[0]!.userId;
  const view = (await read(baseUrl, clinician.token, `/api/console/cases/${orderId}`)).view as {
    assessment: { files: { fileName: string }[] };
  };
  const file = view.assessment.files[0]!.fileName;
  await read(
    baseUrl,
    clinician.token,
    `/api/console/cases/${orderId}/files/${encodeURIComponent(file)}/read-url`,
  );
  await read(baseUrl, clinician.token, `/api/fhir/QuestionnaireResponse/${orderId}`);
  await read(baseUrl, clinician.token, `/api/console/doctor-messages/${patientId}`);

  // Support: the patient's orders (both ways in), account, conversation, and its live watch.
  await read(baseUrl, support.token, `/api/console/support/patients/${patientId}/orders`);
  await read(baseUrl, support.token, `/api/console/support/orders?number=${orderId}`);
  await read(baseUrl, support.token, `/api/console/support/accounts/${patientId}`);
  const conversationId = await conversationOf(
    baseUrl,
    { token: patient.token, id: patientId },
    support.token,
  );
  await read(baseUrl, support.token, `/api/console/support/conversations/${conversationId}`);
  const stopWatching = await watchLive(baseUrl, support.token, conversationId);

  // The pharmacist: the shipment, prescription and address.
  const delivered = await read(
    baseUrl,
    pharmacy.token,
    '/api/console/pharmacy/shipments?filter=delivered',
  );
  const shipment = (delivered.shipments as { orderId: number; shipmentId: number }[]).find(
    (s) => s.orderId === orderId,
  )!;
  await read(baseUrl, pharmacy.token, `/api/console/pharmacy/shipments/${shipment.shipmentId}`);

  // The admin: the privacy requests (names, emails and what each asked).
  await read(baseUrl, admin.token, '/api/console/privacy-requests');

  const trail = async (query: string) => {
    const res = await call(baseUrl, 'GET', `/api/console/audit?${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.missing).toEqual([]);
    return res.body as { entries: AuditEntry[]; next: string | null };
  };
  const expected: [ServiceName, string, number, number | null][] = [
    ['clinic', 'case.list', clinician.id, orderId],
    ['clinic', 'case.read', clinician.id, orderId],
    ['clinic', 'file.read', clinician.id, orderId],
    ['clinic', 'fhir.read', clinician.id, orderId],
    ['chat', 'doctor-thread.read', clinician.id, null],
    ['gateway', 'patient-orders.read', support.id, null],
    ['chat', 'patient-account.read', support.id, null],
    ['chat', 'conversation.read', support.id, null],
    ['chat', 'conversation.watch', support.id, null],
    ['fulfillment', 'shipment.read', pharmacy.id, orderId],
  ];
  try {
    // The watch is recorded as the socket joins: the others were answered already.
    await eventually(async () => {
      const { entries } = await trail(`patientId=${patientId}&limit=200`);
      const seen = entries.map((e) => [e.service, e.action, e.staff.id, e.orderId]);
      for (const line of expected) expect(seen).toContainEqual(line);
      expect(entries.every((e) => e.patientId === patientId)).toBe(true);
    });
  } finally {
    stopWatching();
  }
  const privacy = await trail(`staffId=${admin.id}&action=privacy-request.list`);
  expect(privacy.entries[0]).toMatchObject({ service: 'identity', action: 'privacy-request.list' });

  // Filters: by order, by action and person, by day; and paging by the cursor.
  const byOrder = await trail(`orderId=${orderId}&limit=200`);
  expect(byOrder.entries.length).toBeGreaterThan(0);
  expect(byOrder.entries.every((e) => e.orderId === orderId)).toBe(true);
  const watched = await trail(`action=conversation.watch&staffId=${support.id}`);
  expect(watched.entries.map((e) => [e.service, e.refs])).toContainEqual([
    'chat',
    { conversation: conversationId },
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect((await trail(`patientId=${patientId}&from=${today}&to=${today}`)).entries).not.toEqual([]);
  expect((await trail(`patientId=${patientId}&from=${tomorrow}`)).entries).toEqual([]);
  const first = await trail(`patientId=${patientId}&limit=3`);
  const second = await trail(`patientId=${patientId}&limit=3&before=${first.next}`);
  const whole = await trail(`patientId=${patientId}&limit=6`);
  expect([...first.entries, ...second.entries]).toEqual(whole.entries);
  const refused = await call(baseUrl, 'GET', '/api/console/audit?action=case.eat', {
    token: admin.token,
  });
  expect(refused.status).toBe(400);

  // Admins only: every other role is refused the trail and its export.
  for (const other of [clinician, support, pharmacy])
    for (const path of ['/api/console/audit', '/api/console/audit.csv'])
      expect((await call(baseUrl, 'GET', path, { token: other.token })).status).toBe(403);

  // Each service's own read is internal: the public entry does not route it, admin or not.
  const internal = await call(baseUrl, 'POST', '/internal/audit', {
    token: admin.token,
    json: { limit: 10 },
  });
  expect(internal.status).toBe(404);

  // The CSV export: the same lines, one a row, named by the day.
  const csv = await fetch(`${baseUrl}/api/console/audit.csv?patientId=${patientId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  const text = await csv.text();
  expect(csv.headers.get('content-disposition')).toMatch(
    new RegExp(`^attachment; filename="?audit-trail-${today}\\.csv"?$`),
  );
  const rows = text.trim().split('\r\n');
  const all = await trail(`patientId=${patientId}&limit=200`);
  expect(rows).toHaveLength(all.entries.length + 1);
  expect(rows[1]).toContain(`,${all.entries[0]!.action},${patientId},`);
}
