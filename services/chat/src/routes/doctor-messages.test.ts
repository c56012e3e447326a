/**
 * Doctor on Demand (spec 002): a patient messages the clinician of their visit, with files
 * checked by their bytes; the clinician reads (audited) and answers from the console, and the
 * patient is told by text or email without the content. Bad input stores nothing.
 */
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { z } from 'zod';
import {
  clinicalRecordOpened,
  clinicianNoteWritten,
  doctorMessages as texts,
  prescriptionApproved,
  replyDoctorThread,
  sendProviderMessage,
  signedPutHeaders,
} from '@clinic/contracts';
import { rows } from '@clinic/kit';
import { eventually, serviceBootTimeoutMs } from '@clinic/kit/testing';
import { startChat, type ChatCaller, type ChatHarness } from '../testing';

let chat: ChatHarness;
let clinician: ChatCaller;
let encounterSerial = 0;

beforeAll(async () => {
  chat = await startChat();
  clinician = await chat.agent('clinician');
}, serviceBootTimeoutMs);
afterAll(() => chat.close());

/** A patient whose case a clinician claimed: the clinic opened the visit. */
async function patientWithVisit(): Promise<{
  patient: ChatCaller;
  encounterId: string;
  orderId: number;
}> {
  const patient = await chat.patient('Dana');
  encounterSerial += 1;
  const encounterId = `ENC-${Date.now()}-${encounterSerial}`;
  await chat.forms.service.runtime.transaction((_tx, events) =>
    events.publish(clinicalRecordOpened, {
      userId: patient.id,
      orderId: 80_000 + encounterSerial,
      healthId: `H-${encounterSerial}`,
      encounterId,
      clinicianId: clinician.id,
      openedAt: chat.clock.now().toISOString(),
    }),
  );
  await eventually(async () => {
    const profile = await chat.get(`/api/get-doc-profile/${encounterId}`, patient);
    expect(profile.status).toBe(200);
  });
  return { patient, encounterId, orderId: 80_000 + encounterSerial };
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

async function upload(patient: ChatCaller, name: string, contentType: string, bytes: Buffer) {
  const uploaded = await chat.forms.upload(await chat.asFormsPatient(patient), {
    name,
    contentType,
    bytes,
  });
  expect(uploaded.status).toBe(200);
  return uploaded.fileName;
}

async function messagesOf(patient: ChatCaller) {
  const res = await chat.get('/api/provider-messages', patient);
  expect(res.status).toBe(200);
  return res.body.messages as {
    message: string;
    in_out: 0 | 1;
    is_doctor: boolean;
    author: string | null;
    attachments: { url: string; type: string; name: string }[];
  }[];
}

it("shows the visit's doctor: name, NPI, bio and photo; another patient's visit is not found", async () => {
  const { patient, encounterId } = await patientWithVisit();
  const profile = await chat.get(`/api/get-doc-profile/${encounterId}`, patient);
  expect(profile.body).toMatchObject({
    status: 'success',
    case: {
      name: expect.stringContaining('Sam'),
      npi: expect.any(String),
      bio: expect.any(String),
    },
  });
  const other = await chat.patient();
  expect((await chat.get(`/api/get-doc-profile/${encounterId}`, other)).status).toBe(404);
  expect((await chat.get('/api/get-doc-profile/ENC-nope', patient)).status).toBe(404);
});

it('sends text and a PDF, and lists them with a read link', async () => {
  const { patient, encounterId } = await patientWithVisit();
  const sent = await chat.post(
    '/api/provider-messages',
    { message: 'I feel nauseous after the injection.', latestEncounterId: encounterId },
    patient,
  );
  expect(sent.status).toBe(200);
  expect(sent.body).toEqual({ success: true, apiResponse: { id: expect.any(Number) } });

  const fileName = await upload(patient, 'labs.pdf', 'application/pdf', pdf);
  const withFile = await chat.post(
    '/api/provider-messages',
    {
      message: '',
      latestEncounterId: encounterId,
      attachments: [{ url: fileName, type: 'pdf', name: 'labs.pdf' }],
    },
    patient,
  );
  expect(withFile.status).toBe(200);

  const list = await messagesOf(patient);
  expect(list.map((m) => [m.message, m.in_out, m.is_doctor])).toEqual([
    ['I feel nauseous after the injection.', 1, false],
    ['', 1, false],
  ]);
  expect(list[1]!.attachments).toEqual([
    { url: expect.any(String), type: 'pdf', name: 'labs.pdf' },
  ]);

  const visit = await chat.post(
    '/api/send-doc-message',
    { message: 'One more question.', visitId: encounterId },
    patient,
  );
  expect(visit.body).toEqual({ status: 'success', message: texts.messageSent });
});

it('refuses a blank message, 257 characters, a forbidden file renamed .pdf, and another visit; storing nothing', async () => {
  const { patient, encounterId } = await patientWithVisit();
  const refuse = async (body: unknown, status: number, message?: string) => {
    const res = await chat.post('/api/provider-messages', body, patient);
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toContain(message);
    return res;
  };
  await refuse({ message: '   ', latestEncounterId: encounterId }, 400, texts.needsTextOrFile);
  await refuse(
    { message: '', attachments: [], latestEncounterId: encounterId },
    400,
    texts.needsTextOrFile,
  );
  await refuse({ latestEncounterId: encounterId }, 400, texts.needsTextOrFile);
  await refuse({ message: 'x'.repeat(257), latestEncounterId: encounterId }, 400, texts.tooLong);
  // The patient is told which file was refused and why, and which one to take off the message.
  const renamed = await upload(patient, 'totally-a-report.pdf', 'application/pdf', exe);
  const refused = await refuse(
    {
      message: 'see file',
      latestEncounterId: encounterId,
      attachments: [{ url: renamed, name: 'totally-a-report.pdf' }],
    },
    400,
  );
  expect(refused.body.message).toBe(
    '"totally-a-report.pdf" was not sent: it is not the kind of file its name says (.pdf). Please attach another file.',
  );
  expect(refused.body.attachment).toBe('totally-a-report.pdf');
  // A text file named .png is a text file, just not what its name says: the patient is told that.
  const notes = await upload(patient, 'notes.png', 'image/png', Buffer.from('Blood sugar 5.4\n'));
  const notAPhoto = await refuse(
    {
      message: 'my notes',
      latestEncounterId: encounterId,
      attachments: [{ url: notes, name: 'notes.png' }],
    },
    400,
  );
  expect(notAPhoto.body.message).toBe(
    '"notes.png" was not sent: it is not the kind of file its name says (.png). Please attach another file.',
  );
  // A name that says no kind at all: the kinds the chat takes.
  const unnamed = await upload(patient, 'scan', 'application/pdf', exe);
  const nameless = await refuse(
    {
      message: 'scan',
      latestEncounterId: encounterId,
      attachments: [{ url: unnamed, name: 'scan' }],
    },
    400,
  );
  expect(nameless.body.message).toBe(
    '"scan" was not sent: it is not a PDF, Word document, text file, image or video. Please attach another file.',
  );
  const other = await patientWithVisit();
  await refuse(
    { message: 'hello', latestEncounterId: other.encounterId },
    404,
    texts.visitNotFound,
  );
  const theirs = await upload(other.patient, 'theirs.pdf', 'application/pdf', pdf);
  const missing = await refuse(
    {
      message: 'their file',
      latestEncounterId: encounterId,
      attachments: [{ url: theirs, name: 'scan.pdf' }],
    },
    400,
  );
  expect(missing.body.message).toBe(texts.fileMissing('scan.pdf'));
  expect(await messagesOf(patient)).toEqual([]);
});

it('publishes the text-or-file rule in the contract, so a blank message without files is refused before any check', async () => {
  const schema = JSON.stringify(
    z.toJSONSchema(sendProviderMessage.body!, { io: 'input', unrepresentable: 'any' }),
  );
  // Two shapes: text that is not blank, or at least one file.
  expect(schema).toContain('"anyOf"');
  expect(schema).toContain('"minItems":1');
  expect(schema).toContain('"pattern":"\\\\S"');
  expect(
    sendProviderMessage.body!.safeParse({ latestEncounterId: 'E', message: ' ' }).success,
  ).toBe(false);
  expect(
    sendProviderMessage.body!.safeParse({ latestEncounterId: 'E', attachments: [{ url: 'f' }] })
      .success,
  ).toBe(true);
  expect(replyDoctorThread.body!.safeParse({ message: '\n' }).success).toBe(false);
});

it("shows a new patient's thread as empty (no visit yet) and keeps answers until the record is open", async () => {
  const patient = await chat.patient('Nova');
  const read = await chat.get(`/api/console/doctor-messages/${patient.id}`, clinician);
  expect(read.status).toBe(200);
  expect(read.body.messages).toEqual([]);
  expect(read.body.thread).toMatchObject({
    userId: patient.id,
    patientName: expect.stringContaining('Nova'),
    encounterId: null,
    waitingSince: null,
  });
  const early = await chat.post(
    `/api/console/doctor-messages/${patient.id}`,
    { message: 'Hello!' },
    clinician,
  );
  expect(early.status).toBe(409);
  expect(early.body.message).toBe(texts.noVisitYet);
  expect(await messagesOf(patient)).toEqual([]);
});

it('the clinician sees the thread waiting, reads it (audited), answers, and the patient is told', async () => {
  const { patient, encounterId } = await patientWithVisit();
  await chat.post(
    '/api/provider-messages',
    { message: 'Can I take it with food?', latestEncounterId: encounterId },
    patient,
  );
  const waiting = await chat.get('/api/console/doctor-messages?view=waiting', clinician);
  expect(waiting.status).toBe(200);
  const thread = waiting.body.threads.find((t: { userId: number }) => t.userId === patient.id);
  expect(thread).toMatchObject({ lastMessage: 'Can I take it with food?', encounterId });
  expect(thread.waitingSince).not.toBeNull();
  // The list shows the patient's message: its read is on the trail too.
  const [listed] = await rows<{ n: number }>(
    chat.engines.database.db,
    sql`select count(*)::int as n from chat.audit_trail where patient_id = ${patient.id} and action = 'doctor-thread.list' and staff_id = ${clinician.id} and subject = 'inbox: waiting'`,
  );
  expect(listed!.n).toBe(1);

  const read = await chat.get(`/api/console/doctor-messages/${patient.id}`, clinician);
  expect(read.status).toBe(200);
  const [audited] = await rows<{ n: number }>(
    chat.engines.database.db,
    sql`select count(*)::int as n from chat.audit_trail where patient_id = ${patient.id} and action = 'doctor-thread.read' and staff_id = ${clinician.id}`,
  );
  expect(audited!.n).toBeGreaterThan(0);

  const answer = await chat.post(
    `/api/console/doctor-messages/${patient.id}`,
    { message: 'Yes, with or without food.' },
    clinician,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.thread.waitingSince).toBeNull();

  const list = await messagesOf(patient);
  expect(list.at(-1)).toMatchObject({
    message: 'Yes, with or without food.',
    in_out: 0,
    is_doctor: true,
    author: expect.stringContaining('Sam'),
  });
  // No text consent on this account: an email, which never quotes the doctor.
  await eventually(async () => {
    const mail = await chat.engines.mailbox.list({ to: patient.email });
    const told = mail.find((m) => m.subject === 'Your doctor replied to your message');
    expect(told).toBeDefined();
    expect(told!.body).not.toContain('with or without food');
    expect(told!.body).toContain('/home?tab=doctor-on-demand');
  });
});

/** A file of the clinician's answer, uploaded for the patient as the console does. */
async function uploadForPatient(
  patient: ChatCaller,
  name: string,
  contentType: string,
  bytes: Buffer,
) {
  const signed = await request(chat.forms.service.app)
    .post(`/api/console/patients/${patient.id}/attachment-upload`)
    .set((await chat.asFormsPatient(clinician)).headers)
    .send({ filename: name, content_type: contentType });
  expect(signed.status).toBe(200);
  const put = await request(chat.forms.service.app)
    .put(signed.body.upload_url as string)
    .set(signedPutHeaders(contentType))
    .send(bytes);
  expect(put.status).toBeLessThan(300);
  return signed.body.file_name as string;
}

it("the clinician's answer carries a PDF uploaded for the patient, listed for the patient with a working read link", async () => {
  const { patient, encounterId } = await patientWithVisit();
  await chat.forms.paidOrder(await chat.asFormsPatient(patient));
  await chat.post(
    '/api/provider-messages',
    { message: 'How do I store the pen?', latestEncounterId: encounterId },
    patient,
  );
  const fileName = await uploadForPatient(patient, 'instructions.pdf', 'application/pdf', pdf);
  const answer = await chat.post(
    `/api/console/doctor-messages/${patient.id}`,
    {
      message: 'See the instructions attached.',
      attachments: [{ url: fileName, type: 'pdf', name: 'instructions.pdf' }],
    },
    clinician,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.thread.waitingSince).toBeNull();
  expect(answer.body.messages.at(-1).attachments).toEqual([
    { url: expect.any(String), type: 'pdf', name: 'instructions.pdf' },
  ]);

  // A file alone is an answer too.
  const fileOnly = await uploadForPatient(patient, 'diet.txt', 'text/plain', Buffer.from('Eat.\n'));
  const alone = await chat.post(
    `/api/console/doctor-messages/${patient.id}`,
    { attachments: [{ url: fileOnly, name: 'diet.txt' }] },
    clinician,
  );
  expect(alone.status).toBe(200);
  expect(alone.body.thread.lastMessage).toBe('diet.txt');

  const list = await messagesOf(patient);
  expect(
    list.slice(-2).map((m) => [m.message, m.is_doctor, m.attachments.map((a) => a.name)]),
  ).toEqual([
    ['See the instructions attached.', true, ['instructions.pdf']],
    ['', true, ['diet.txt']],
  ]);
  const link = list.at(-2)!.attachments[0]!;
  expect(link.type).toBe('pdf');
  const read = await request(chat.forms.service.app).get(link.url).buffer(true);
  expect(read.status).toBe(200);
  expect(Buffer.from(read.body as Buffer).toString('latin1')).toMatch(/^%PDF-/);
});

it("refuses an answer with no text and no file, an exe renamed .pdf, or another patient's file; storing nothing", async () => {
  const { patient, encounterId } = await patientWithVisit();
  await chat.forms.paidOrder(await chat.asFormsPatient(patient));
  await chat.post(
    '/api/provider-messages',
    { message: 'Here is my question.', latestEncounterId: encounterId },
    patient,
  );
  const refuse = async (body: unknown, message: string) => {
    const res = await chat.post(`/api/console/doctor-messages/${patient.id}`, body, clinician);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  };
  await refuse({ message: '  ' }, texts.needsTextOrFile);
  await refuse({}, texts.needsTextOrFile);
  const renamed = await uploadForPatient(patient, 'instructions.pdf', 'application/pdf', exe);
  await refuse(
    { message: 'See attached.', attachments: [{ url: renamed, name: 'instructions.pdf' }] },
    texts.notWhatItsNameSays('instructions.pdf', 'pdf'),
  );
  const other = await patientWithVisit();
  await chat.forms.paidOrder(await chat.asFormsPatient(other.patient));
  const theirs = await uploadForPatient(other.patient, 'theirs.pdf', 'application/pdf', pdf);
  await refuse(
    { message: 'See attached.', attachments: [{ url: theirs }] },
    texts.fileMissing(theirs),
  );
  const six = Array.from({ length: 6 }, () => ({ url: theirs }));
  const tooMany = await chat.post(
    `/api/console/doctor-messages/${patient.id}`,
    { message: 'Files', attachments: six },
    clinician,
  );
  expect(tooMany.status).toBe(400);

  expect((await messagesOf(patient)).map((m) => m.message)).toEqual(['Here is my question.']);
  const waiting = await chat.get('/api/console/doctor-messages?view=waiting', clinician);
  const thread = waiting.body.threads.find((t: { userId: number }) => t.userId === patient.id);
  expect(thread.waitingSince).not.toBeNull();
});

it('keeps the console to clinicians', async () => {
  const { patient } = await patientWithVisit();
  const support = await chat.agent('support');
  expect((await chat.get('/api/console/doctor-messages', patient)).status).toBe(403);
  expect((await chat.get('/api/console/doctor-messages', support)).status).toBe(403);
  expect((await chat.get(`/api/console/doctor-messages/${patient.id}`, support)).status).toBe(403);
  const nobody = await chat.get('/api/console/doctor-messages/999999', clinician);
  expect(nobody.status).toBe(404);
});

it('texts a patient who agreed to texts when the doctor answers, without the content', async () => {
  const { patient, encounterId } = await patientWithVisit();
  const phone = `415555${String(1000 + encounterSerial).slice(-4)}`;
  const saved = await chat.identity.post(
    '/api/update-profile',
    {
      first_name: 'Dana',
      last_name: 'Person',
      email: patient.email,
      phone,
      gender: 'Female',
      weight: 180,
      height_inch: 65,
      text_updates: true,
      preferred_categories: [],
    },
    { token: patient.token },
  );
  expect(saved.status).toBe(200);
  await chat.post(
    '/api/provider-messages',
    { message: 'Is a headache normal?', latestEncounterId: encounterId },
    patient,
  );
  await chat.post(
    `/api/console/doctor-messages/${patient.id}`,
    { message: 'Mild headaches can happen early on; drink water.' },
    clinician,
  );
  await eventually(async () => {
    const texts = await chat.engines.mailbox.list({ to: phone });
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('your doctor replied');
    expect(texts[0]!.body).not.toContain('headache');
  });
});

it('the clinician who approves the order becomes the doctor the patient sees', async () => {
  const { patient, encounterId, orderId } = await patientWithVisit();
  const approver = await chat.identity.createUser({
    email: `approver-${Date.now()}@chat.test`,
    role: 'clinician',
    firstName: 'Robin',
  });
  const approval = {
    orderId,
    userId: patient.id,
    prescriptionId: `rx-${orderId}`,
    drug: 'semaglutide' as const,
    items: [{ rxId: 'rx-1', name: 'Semaglutide', directions: 'Inject weekly.', strength: 0.25 }],
    doseSchedule: [0.25],
    maintenanceDose: null,
    approvedAt: chat.clock.now().toISOString(),
    clinicianId: approver,
  };
  await chat.forms.service.runtime.transaction((_tx, events) =>
    events.publish(prescriptionApproved, approval),
  );
  await eventually(async () => {
    const profile = await chat.get(`/api/get-doc-profile/${encounterId}`, patient);
    expect(profile.body.case.name).toContain('Robin');
  });
});

describe("a clinician's note, asking for more before deciding (issue 26)", () => {
  let noteSerial = 0;
  /** The clinic's clinician-note-written, as its decision publishes it. */
  async function noteWritten(
    patient: ChatCaller,
    visit: { encounterId: string; orderId: number },
    message: string,
    over: { noteId?: number; minutes?: number } = {},
  ) {
    noteSerial += 1;
    const noteId = over.noteId ?? 70_000 + noteSerial;
    await chat.forms.service.runtime.transaction((_tx, events) =>
      events.publish(clinicianNoteWritten, {
        noteId,
        orderId: visit.orderId,
        userId: patient.id,
        encounterId: visit.encounterId,
        encounterOpenedAt: chat.clock.now().toISOString(),
        clinicianId: clinician.id,
        authorName: 'Dr. Sam Person',
        patientName: 'Dana Person',
        message,
        writtenAt: new Date(
          chat.clock.now().getTime() + (over.minutes ?? 0) * 60_000,
        ).toISOString(),
      }),
    );
    return noteId;
  }
  const posted = async (userId: number) =>
    (
      await rows<{ envelope: { data: { orderId: number; messageId: number } } }>(
        chat.engines.database.db,
        sql`select envelope from chat.outbox where name = 'doctor-note-posted' and envelope->'data'->>'userId' = ${String(userId)} order by seq`,
      )
    ).map((r) => r.envelope.data);

  it("is a message of the patient's thread: the patient reads and answers it, the clinician sees it, once however often it comes", async () => {
    const visit = await patientWithVisit();
    const { patient } = visit;
    const question = 'Before I decide: do you take any blood thinners?';
    const noteId = await noteWritten(patient, visit, question);
    await eventually(async () =>
      expect((await messagesOf(patient)).map((m) => m.message)).toEqual([question]),
    );
    expect((await messagesOf(patient))[0]).toMatchObject({
      in_out: 0,
      is_doctor: true,
      author: 'Dr. Sam Person',
    });
    // The console's pane: the thread has started, nothing waits on the clinic.
    const read = await chat.get(`/api/console/doctor-messages/${patient.id}`, clinician);
    expect(read.body.thread).toMatchObject({
      lastMessage: question,
      waitingSince: null,
      encounterId: visit.encounterId,
    });
    expect(read.body.thread.lastMessageAt).not.toBeNull();
    expect(read.body.messages.map((m: { message: string }) => m.message)).toEqual([question]);
    // The order's card learns it is there (no text in the announcement).
    await eventually(async () =>
      expect(await posted(patient.id)).toEqual([
        expect.objectContaining({ orderId: visit.orderId, messageId: expect.any(Number) }),
      ]),
    );
    expect(JSON.stringify(await posted(patient.id))).not.toContain('blood thinners');

    // Delivered again (a relay that crashed before marking it sent): one message, one announcement.
    const handled = async () =>
      (
        await rows<{ n: number }>(
          chat.engines.database.db,
          sql`select count(*)::int as n from chat.inbox where subscriber = 'post-clinician-notes'`,
        )
      )[0]!.n;
    const before = await handled();
    await noteWritten(patient, visit, question, { noteId });
    await eventually(async () => expect(await handled()).toBe(before + 1));
    // The patient answers in Doctor on Demand: it waits for the clinicians.
    const answer = await chat.post(
      '/api/provider-messages',
      { message: 'No, none.', latestEncounterId: visit.encounterId },
      patient,
    );
    expect(answer.status).toBe(200);
    expect((await messagesOf(patient)).map((m) => [m.message, m.in_out])).toEqual([
      [question, 0],
      ['No, none.', 1],
    ]);
    expect(await posted(patient.id)).toHaveLength(1);
    // The answer is announced for the order's card (its order, never its text).
    const [wrote] = await rows<{ envelope: { data: unknown } }>(
      chat.engines.database.db,
      sql`select envelope from chat.outbox where name = 'patient-wrote-to-doctor' and envelope->'data'->>'userId' = ${String(patient.id)}`,
    );
    expect(wrote!.envelope.data).toEqual({
      orderId: visit.orderId,
      userId: patient.id,
      messageId: expect.any(Number),
      writtenAt: expect.any(String),
    });
    const waiting = await chat.get('/api/console/doctor-messages?view=waiting', clinician);
    expect(
      waiting.body.threads.find((t: { userId: number }) => t.userId === patient.id),
    ).toMatchObject({ lastMessage: 'No, none.', waitingSince: expect.any(String) });
  });

  it('arrives before the chat knows the visit (another topic) and is not refused', async () => {
    const patient = await chat.patient('Remy');
    encounterSerial += 1;
    const visit = {
      encounterId: `ENC-early-${encounterSerial}`,
      orderId: 81_000 + encounterSerial,
    };
    await noteWritten(patient, visit, 'Please record the identity video.');
    await eventually(async () =>
      expect((await messagesOf(patient)).map((m) => m.message)).toEqual([
        'Please record the identity video.',
      ]),
    );
    // The patient can answer on that visit at once, and its opening, when it comes, fits in.
    const answer = await chat.post(
      '/api/provider-messages',
      { message: 'Done!', latestEncounterId: visit.encounterId },
      patient,
    );
    expect(answer.status).toBe(200);
    await chat.forms.service.runtime.transaction((_tx, events) =>
      events.publish(clinicalRecordOpened, {
        userId: patient.id,
        orderId: visit.orderId,
        healthId: `H-early-${encounterSerial}`,
        encounterId: visit.encounterId,
        clinicianId: clinician.id,
        openedAt: chat.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const profile = await chat.get(`/api/get-doc-profile/${visit.encounterId}`, patient);
      expect(profile.status).toBe(200);
    });
    const [dead] = await rows<{ n: number }>(
      chat.engines.database.db,
      sql`select count(*)::int as n from chat.dead_letters`,
    );
    expect(dead!.n).toBe(0);
  });

  it("a late note does not replace a newer last message in the clinicians' list", async () => {
    const visit = await patientWithVisit();
    await chat.post(
      '/api/provider-messages',
      { message: 'A newer question.', latestEncounterId: visit.encounterId },
      visit.patient,
    );
    await noteWritten(visit.patient, visit, 'An older note.', { minutes: -60 });
    await eventually(async () =>
      expect((await messagesOf(visit.patient)).map((m) => m.message)).toContain('An older note.'),
    );
    const read = await chat.get(`/api/console/doctor-messages/${visit.patient.id}`, clinician);
    expect(read.body.thread).toMatchObject({
      lastMessage: 'A newer question.',
      waitingSince: expect.any(String),
    });
  });
});
