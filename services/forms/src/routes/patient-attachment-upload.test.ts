/**
 * A clinician's doctor chat answer may carry files: the clinician signs the upload for the
 * patient, the file is the patient's own upload (an attachment) and passes the same check by
 * its bytes as the patient's; only clinicians (and admins) may sign, only for a patient.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { doctorMessages, signedPutHeaders } from '@clinic/contracts';
import { uploads } from '../db/schema';
import { createLocalFormsRecords } from '../records/local-forms-records';
import { startForms, type FormsHarness, type FormsPatient } from '../testing';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

describe('POST /api/console/patients/{userId}/attachment-upload', () => {
  let h: FormsHarness;
  let staffSerial = 900_000;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  const staff = (role: 'clinician' | 'support' | 'admin'): FormsPatient => {
    staffSerial += 1;
    return {
      id: staffSerial,
      email: `${role}-${staffSerial}@forms.test`,
      headers: h.service.as({ userId: staffSerial, role, sessionId: `staff-${staffSerial}` }),
    };
  };
  const sign = (userId: number, body: unknown, as: FormsPatient) =>
    h.post(`/api/console/patients/${userId}/attachment-upload`, body, as);

  async function patientWithOrder() {
    const patient = await h.patient();
    await h.paidOrder(patient);
    return patient;
  }

  it("signs a clinician's PDF as the patient's attachment, which passes the patient's check", async () => {
    const patient = await patientWithOrder();
    const clinician = staff('clinician');
    const signed = await sign(
      patient.id,
      { filename: 'instructions.pdf', content_type: 'application/pdf' },
      clinician,
    );
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ success: true, upload_url: signed.body.url });
    expect(signed.body.file_name).toMatch(/^[0-9a-f]{12}_instructions\.pdf$/);
    const [row] = await h.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, signed.body.file_name));
    expect(row).toMatchObject({
      userId: patient.id,
      orderId: null,
      purpose: 'attachment',
      contentType: 'application/pdf',
    });

    const put = await request(h.service.app)
      .put(signed.body.upload_url as string)
      .set(signedPutHeaders('application/pdf'))
      .send(pdf);
    expect(put.status).toBeLessThan(300);

    const records = createLocalFormsRecords(h.service.runtime, {
      identity: h.directory,
      storage: h.storage,
    });
    expect(await records.checkPatientAttachment(patient.id, signed.body.file_name)).toEqual({
      check: 'ok',
      kind: 'pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    // The patient's file, not the clinician's nor anyone else's.
    expect(await records.checkPatientAttachment(clinician.id, signed.body.file_name)).toEqual({
      check: 'missing',
    });
    // The patient reads it back as their own.
    const read = await h.get(`/api/uploads/${signed.body.file_name}/read-url`, patient);
    expect(read.status).toBe(200);
    const bytes = await request(h.service.app).get(read.body.url as string);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(bytes.body as Buffer).toString('latin1')).toMatch(/^%PDF-/);
  });

  it('refuses an executable renamed .pdf at the check, and deletes it', async () => {
    const patient = await patientWithOrder();
    const signed = await sign(
      patient.id,
      { filename: 'instructions.pdf', content_type: 'application/pdf' },
      staff('clinician'),
    );
    expect(signed.status).toBe(200);
    await request(h.service.app)
      .put(signed.body.upload_url as string)
      .set(signedPutHeaders('application/pdf'))
      .send(exe);
    const records = createLocalFormsRecords(h.service.runtime, {
      identity: h.directory,
      storage: h.storage,
    });
    expect(await records.checkPatientAttachment(patient.id, signed.body.file_name)).toEqual({
      check: 'not-allowed',
    });
    const [row] = await h.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, signed.body.file_name));
    expect(await h.storage.head(row?.key ?? '')).toBeNull();
  });

  it('is for clinicians (and admins): a patient and support get 403 and nothing is recorded', async () => {
    const patient = await patientWithOrder();
    const body = { filename: 'instructions.pdf', content_type: 'application/pdf' };
    expect((await sign(patient.id, body, patient)).status).toBe(403);
    expect((await sign(patient.id, body, staff('support'))).status).toBe(403);
    expect(await h.db.select().from(uploads).where(eq(uploads.userId, patient.id))).toHaveLength(0);
    expect((await sign(patient.id, body, staff('clinician'))).status).toBe(200);
    expect((await sign(patient.id, body, staff('admin'))).status).toBe(200);
  });

  it("answers 404 'No such patient.' for a user with no order here", async () => {
    const noOrder = await h.patient();
    const clinician = staff('clinician');
    const body = { filename: 'instructions.pdf', content_type: 'application/pdf' };
    for (const userId of [noOrder.id, 999_999_999]) {
      const res = await sign(userId, body, clinician);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(doctorMessages.patientNotFound);
    }
    expect(await h.db.select().from(uploads).where(eq(uploads.userId, noOrder.id))).toHaveLength(0);
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['page.html', 'text/html'],
    ['photo.webp', 'image/webp'],
    ['a.zip', 'application/zip'],
    ['a.pdf', 'application/pdf; charset=binary'],
  ])('refuses to sign %s (%s) with a 400', async (filename, contentType) => {
    const patient = await patientWithOrder();
    const res = await sign(patient.id, { filename, content_type: contentType }, staff('clinician'));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(doctorMessages.typeNotAllowed);
    expect(await h.db.select().from(uploads).where(eq(uploads.userId, patient.id))).toHaveLength(0);
  });

  it('refuses a malformed patient id or a blank name with a 400', async () => {
    const patient = await patientWithOrder();
    const clinician = staff('clinician');
    const pdfType = { content_type: 'application/pdf' };
    expect((await sign(patient.id, { filename: '  ', ...pdfType }, clinician)).status).toBe(400);
    const bad = await h.post(
      '/api/console/patients/abc/attachment-upload',
      { filename: 'a.pdf', ...pdfType },
      clinician,
    );
    expect(bad.status).toBe(400);
  });

  it('is rate limited per clinician like the patient uploads', async () => {
    const patient = await patientWithOrder();
    const clinician = staff('clinician');
    const body = { filename: 'a.txt', content_type: 'text/plain' };
    for (let i = 0; i < 60; i += 1)
      expect((await sign(patient.id, body, clinician)).status).toBe(200);
    expect((await sign(patient.id, body, clinician)).status).toBe(429);
    // Another clinician is not held back.
    expect((await sign(patient.id, body, staff('clinician'))).status).toBe(200);
  });
});
