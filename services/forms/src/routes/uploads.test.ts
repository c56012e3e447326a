import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  photoMessages,
  signedPutHeaders,
  uploadMessages,
  uploadTypeNotAllowed,
  type FlowContext,
} from '@clinic/contracts';
import { createLocalFormsRecords } from '../records/local-forms-records';
import { assessments, uploadAttempts, uploads } from '../db/schema';
import { loadQuestionnaires } from '../questionnaires/questionnaires';
import { completeAnswers, startForms, submissionOf, tinyPng, type FormsHarness } from '../testing';

const files = loadQuestionnaires();
const medical = files['medical-integration'];
const bare = files['bare-medication'];
const woman: FlowContext = { form: 'first', state: 'CA', gender: 'Female' };

/** The first bytes of an MP4 (an ftyp box of brand isom), padded. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.alloc(0x20 - 12),
  Buffer.alloc(2048, 1),
]);

describe('uploads: signed URLs, content checks, the identity video', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function pending(state = 'CA') {
    const patient = await h.patient({ state });
    const orderId = await h.paidOrder(patient);
    return { patient, orderId };
  }

  it('signs a PUT for an image, stores it privately under a safe name, and reads it back only signed', async () => {
    const { patient, orderId } = await pending();
    const res = await h.post(
      '/api/get-signed-url',
      {
        filename: `${orderId}_id_image_1732450000000_<script>alert(1)</script>.png`,
        content_type: 'image/png',
        form_id: orderId,
      },
      patient,
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.upload_url).toBe(res.body.url);
    expect(res.body.file_name).toMatch(/^[0-9a-f]{12}_[A-Za-z0-9._-]+$/);
    expect(res.body.file_name).not.toMatch(/[<>/]/);
    expect(res.body.public_url).toBeUndefined();
    const [row] = await h.db.select().from(uploads).where(eq(uploads.fileName, res.body.file_name));
    expect(row).toMatchObject({
      userId: patient.id,
      orderId,
      purpose: 'image',
      contentType: 'image/png',
    });
    // Nobody reads it without a signature.
    const key = row?.key ?? '';
    expect((await h.get(`/forms/uploads/${key}`)).status).toBe(403);
  });

  it.each([
    ['a.pdf', 'application/pdf'],
    ['a.doc', 'application/msword'],
    ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.txt', 'text/plain'],
    ['a.PDF', 'Application/PDF'],
  ])(
    'signs a PUT for the doctor chat document %s (%s), as an attachment of 5 MB at most',
    async (filename, contentType) => {
      const { patient } = await pending();
      const res = await h.post(
        '/api/get-signed-url',
        { filename, content_type: contentType },
        patient,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, upload_url: res.body.url });
      const [row] = await h.db
        .select()
        .from(uploads)
        .where(eq(uploads.fileName, res.body.file_name));
      expect(row).toMatchObject({
        userId: patient.id,
        purpose: 'attachment',
        contentType: contentType.toLowerCase(),
      });
    },
  );

  it('takes a document PUT only with the content type it was signed for', async () => {
    const { patient } = await pending();
    const signed = await h.post(
      '/api/get-signed-url',
      { filename: 'results.pdf', content_type: 'application/pdf' },
      patient,
    );
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const wrong = await request(h.service.app)
      .put(signed.body.upload_url as string)
      .set(signedPutHeaders('text/html'))
      .send(pdf);
    expect(wrong.status).toBe(403);
    const right = await request(h.service.app)
      .put(signed.body.upload_url as string)
      .set(signedPutHeaders('application/pdf'))
      .send(pdf);
    expect(right.status).toBeLessThan(300);
    const [row] = await h.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, signed.body.file_name));
    expect(await h.storage.head(row?.key ?? '')).toMatchObject({
      size: pdf.length,
      contentType: 'application/pdf',
    });
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['page.html', 'text/html'],
    ['a.zip', 'application/zip'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a.pdf', 'application/pdf; charset=binary'],
    ['a.bin', 'application/octet-stream'],
  ])('refuses to sign %s (%s) with a clear 400', async (filename, contentType) => {
    const { patient } = await pending();
    const res = await h.post(
      '/api/get-signed-url',
      { filename, content_type: contentType },
      patient,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(uploadTypeNotAllowed);
    expect(res.body.message).toContain(uploadMessages.imageOnly);
    expect(await h.db.select().from(uploads).where(eq(uploads.userId, patient.id))).toHaveLength(0);
  });

  it('refuses another patient’s order, and a malformed name or content type', async () => {
    const { patient, orderId } = await pending();
    const stranger = await h.patient();
    const theirs = await h.post(
      '/api/get-signed-url',
      { filename: 'a.png', content_type: 'image/png', form_id: orderId },
      stranger,
    );
    expect(theirs.status).toBe(404);
    const odd = await h.post(
      '/api/get-signed-url',
      { filename: '[', content_type: 'image/.QVooq' },
      patient,
    );
    expect(odd.status).toBe(400);
    const blank = await h.post(
      '/api/get-signed-url',
      { filename: '  ', content_type: 'image/png' },
      patient,
    );
    expect(blank.status).toBe(400);
  });

  it('refuses at submission, in the patient’s words, an image that is really a script or larger than 5 MB, and deletes it', async () => {
    const { patient, orderId } = await pending();
    const base = await h.withUploads(
      completeAnswers(medical, woman, 'tirzepatide'),
      medical,
      patient,
      orderId,
    );
    const photo = medical.questions.find(
      (q) => q.question_type === 'image_upload' && !q.is_optional,
    );
    if (!photo) throw new Error('the medical form asks for a photo');

    const script = await h.upload(
      patient,
      {
        name: 'photo.png',
        contentType: 'image/png',
        bytes: Buffer.from('<script>alert("x")</script>'),
      },
      orderId,
    );
    expect(script.status).toBe(200);
    const refused = await h.post(
      '/api/submit-md-form',
      submissionOf(orderId, { ...base, [photo.id]: script.fileName }),
      patient,
    );
    expect(refused.status).toBe(400);
    // No question number, no stored file's name: the page goes back to the question by its id.
    expect(refused.body).toMatchObject({
      message: photoMessages.notAPhoto,
      questionId: photo.id,
      refusedUpload: true,
    });
    const [row] = await h.db.select().from(uploads).where(eq(uploads.fileName, script.fileName));
    expect(await h.storage.head(row?.key ?? '')).toBeNull();

    const large = await h.upload(
      patient,
      {
        name: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.concat([tinyPng, Buffer.alloc(6 * 1024 * 1024)]),
      },
      orderId,
    );
    expect(large.status).toBe(200);
    const tooLarge = await h.post(
      '/api/submit-md-form',
      submissionOf(orderId, { ...base, [photo.id]: large.fileName }),
      patient,
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ message: uploadMessages.tooLarge, questionId: photo.id });

    // Another patient's file, or a name never signed, is not an answer either.
    const other = await pending();
    const theirs = await h.upload(
      other.patient,
      { name: 'p.png', contentType: 'image/png', bytes: tinyPng },
      other.orderId,
    );
    for (const name of [theirs.fileName, 'never-uploaded.png']) {
      const res = await h.post(
        '/api/submit-md-form',
        submissionOf(orderId, { ...base, [photo.id]: name }),
        patient,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(photoMessages.notUploaded);
    }
    expect(
      await h.db.select().from(assessments).where(eq(assessments.orderId, orderId)),
    ).toHaveLength(0);
  });

  it('checks a photo right after its PUT: a text file named .png is refused in the patient’s words and deleted', async () => {
    const { patient, orderId } = await pending();
    const text = await h.upload(
      patient,
      { name: 'notes.png', contentType: 'image/png', bytes: Buffer.from('just some notes\n') },
      orderId,
    );
    expect(text.status).toBe(200);
    const refused = await h.post(`/api/uploads/${text.fileName}/check`, {}, patient);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(photoMessages.notAPhoto);
    expect(refused.body.message).not.toContain(text.fileName);
    const [row] = await h.db.select().from(uploads).where(eq(uploads.fileName, text.fileName));
    expect(await h.storage.head(row?.key ?? '')).toBeNull();
    expect((await h.get(`/api/uploads/${text.fileName}/read-url`, patient)).status).toBe(404);

    const photo = await h.upload(
      patient,
      { name: 'me.png', contentType: 'image/png', bytes: tinyPng },
      orderId,
    );
    const ok = await h.post(`/api/uploads/${photo.fileName}/check`, {}, patient);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });

    // Another patient's file, or a name never signed, was not uploaded by the caller.
    const stranger = await h.patient();
    for (const [name, who] of [
      [photo.fileName, stranger],
      ['never-signed.png', patient],
    ] as const) {
      const res = await h.post(`/api/uploads/${name}/check`, {}, who);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(photoMessages.notUploaded);
    }
    expect((await h.post('/api/uploads/..%2Fx/check', {}, patient)).status).toBe(400);

    // Signed but never stored (the PUT did not arrive): nothing of the caller's to check.
    const signed = await h.post(
      '/api/get-signed-url',
      { filename: 'lost.png', content_type: 'image/png', form_id: orderId },
      patient,
    );
    expect(signed.status).toBe(200);
    const lost = await h.post(`/api/uploads/${signed.body.file_name as string}/check`, {}, patient);
    expect(lost.status).toBe(404);
    expect(lost.body.message).toBe(photoMessages.notUploaded);
  });

  it('keeps what was checked: a second PUT through the same link is refused, and reads are downloads of the checked kind', async () => {
    const { patient } = await pending();
    const records = createLocalFormsRecords(h.service.runtime, {
      identity: h.directory,
      storage: h.storage,
    });
    const signed = await h.post(
      '/api/get-signed-url',
      { filename: 'doctor-chat_1_results.pdf', content_type: 'application/pdf' },
      patient,
    );
    const url = signed.body.upload_url as string;
    const fileName = signed.body.file_name as string;
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
    const first = await request(h.service.app)
      .put(url)
      .set(signedPutHeaders('application/pdf'))
      .send(pdf);
    expect(first.status).toBe(200);
    expect(await records.checkPatientAttachment(patient.id, fileName)).toMatchObject({
      check: 'ok',
      kind: 'pdf',
    });

    // The attack of issue 26: the same, still valid link, now with a program.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const again = await request(h.service.app)
      .put(url)
      .set(signedPutHeaders('application/pdf'))
      .send(exe);
    expect(again.status).toBe(412);

    const read = await records.patientFileRead(patient.id, fileName);
    const served = await request(h.service.app)
      .get(read!.url.slice(read!.url.indexOf('/forms/uploads/')))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.body).toEqual(pdf);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  });

  it('takes the identity video of a submitted bare-medication assessment in Texas, refusing a PNG renamed .mp4', async () => {
    const { patient, orderId } = await pending('TX');
    await h.shipTo(patient, 'TX');
    const answers = await h.withUploads(
      completeAnswers(bare, { ...woman, state: 'TX', bareMeds: true }, 'tirzepatide'),
      bare,
      patient,
      orderId,
    );
    const submitted = await h.post(
      '/api/submit-bare-form',
      submissionOf(orderId, answers),
      patient,
    );
    expect(submitted.body.redirect).toBe(`/upload-video/${orderId}?state=TX`);

    const fake = await h.upload(
      patient,
      { name: 'video.mp4', contentType: 'video/mp4', bytes: tinyPng },
      orderId,
    );
    const refused = await h.post(
      '/api/upload-av-video',
      { s3FileName: fake.fileName, uniqueId: orderId },
      patient,
    );
    expect(refused.status).toBe(400);
    expect(await h.outboxEvents('identity-video-uploaded')).toHaveLength(0);

    const video = await h.upload(
      patient,
      { name: 'video.mp4', contentType: 'video/mp4', bytes: mp4 },
      orderId,
    );
    const res = await h.post(
      '/api/upload-av-video',
      { s3FileName: video.fileName, uniqueId: String(orderId) },
      patient,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Video uploaded successfully!' });
    const [assessment] = await h.db
      .select()
      .from(assessments)
      .where(eq(assessments.orderId, orderId));
    expect(assessment?.videoFileName).toBe(video.fileName);
    expect((await h.outboxEvents('identity-video-uploaded')).map((e) => e.data)).toEqual([
      { orderId, userId: patient.id, uploadedAt: h.clock.now().toISOString() },
    ]);
  });

  it('refuses a video for an order that needs none or is not submitted', async () => {
    const { patient, orderId } = await pending();
    const video = await h.upload(
      patient,
      { name: 'v.mp4', contentType: 'video/mp4', bytes: mp4 },
      orderId,
    );
    const early = await h.post(
      '/api/upload-av-video',
      { s3FileName: video.fileName, uniqueId: orderId },
      patient,
    );
    expect(early.status).toBe(409);
    const answers = await h.withUploads(
      completeAnswers(medical, woman, 'tirzepatide'),
      medical,
      patient,
      orderId,
    );
    expect(
      (await h.post('/api/submit-md-form', submissionOf(orderId, answers), patient)).status,
    ).toBe(200);
    const notNeeded = await h.post(
      '/api/upload-av-video',
      { s3FileName: video.fileName, uniqueId: orderId },
      patient,
    );
    expect(notNeeded.status).toBe(409);
    expect(notNeeded.body.message).toBe('This order does not need an identity video.');
  });

  it('keeps failed-upload reports for support, rate limited, and never fails the page', async () => {
    const { patient, orderId } = await pending();
    const report = {
      success: false,
      error: 'Error uploading file. Please try again.',
      userAgent: 'Mozilla/5.0 (iPhone)',
      fileSize: 123456,
      filename: 'photo.jpg',
      imageType: 'full_body_image',
      idOfForm: orderId,
      timestamp: '2026-11-24T15:00:00.000Z',
    };
    for (let i = 0; i < 35; i += 1) {
      const res = await h.post('/api/log-upload-attempt', report, patient);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
    }
    const kept = await h.db
      .select()
      .from(uploadAttempts)
      .where(eq(uploadAttempts.userId, patient.id));
    expect(kept).toHaveLength(30);
    expect(kept[0]).toMatchObject({
      orderId,
      fileSize: 123456,
      imageType: 'full_body_image',
      succeeded: false,
    });
  });

  it("replaces one image of the caller's submitted assessment from the portal, by type", async () => {
    const { patient, orderId } = await pending();
    const early = await h.upload(
      patient,
      { name: 'id.png', contentType: 'image/png', bytes: tinyPng },
      orderId,
    );
    const before = await h.post(
      '/api/upload-image-again',
      { id: orderId, file_name: early.fileName, image_type: 'id_image' },
      patient,
    );
    expect(before.status).toBe(409);

    const answers = await h.withUploads(
      completeAnswers(medical, woman, 'tirzepatide'),
      medical,
      patient,
      orderId,
    );
    expect(
      (await h.post('/api/submit-md-form', submissionOf(orderId, answers), patient)).status,
    ).toBe(200);
    const fresh = await h.upload(
      patient,
      { name: 'id-clear.png', contentType: 'image/png', bytes: tinyPng },
      orderId,
    );
    const res = await h.post(
      '/api/upload-image-again',
      { id: String(orderId), file_name: fresh.fileName, image_type: 'id_image' },
      patient,
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const [assessment] = await h.db
      .select()
      .from(assessments)
      .where(eq(assessments.orderId, orderId));
    const ids = assessment?.images.filter((i) => i.question === 'id_image') ?? [];
    expect(ids.map((i) => i.answer)).toEqual([fresh.fileName]);

    // Not one of the seven types, not an image, or another patient's order: refused.
    expect(
      (
        await h.post(
          '/api/upload-image-again',
          { id: orderId, file_name: fresh.fileName, image_type: 'selfie' },
          patient,
        )
      ).status,
    ).toBe(400);
    const script = await h.upload(
      patient,
      { name: 'x.png', contentType: 'image/png', bytes: Buffer.from('#!/bin/sh\necho hi') },
      orderId,
    );
    expect(
      (
        await h.post(
          '/api/upload-image-again',
          { id: orderId, file_name: script.fileName, image_type: 'id_image' },
          patient,
        )
      ).status,
    ).toBe(400);
    const stranger = await h.patient();
    expect(
      (
        await h.post(
          '/api/upload-image-again',
          { id: orderId, file_name: fresh.fileName, image_type: 'id_image' },
          stranger,
        )
      ).status,
    ).toBe(404);
  });

  it('reads a checked upload back only for its owner, through a short-lived signed URL', async () => {
    const { patient, orderId } = await pending();
    const answers = await h.withUploads(
      completeAnswers(medical, woman, 'tirzepatide'),
      medical,
      patient,
      orderId,
    );
    expect(
      (await h.post('/api/submit-md-form', submissionOf(orderId, answers), patient)).status,
    ).toBe(200);
    const photo = answers[
      medical.questions.find((q) => q.question_type === 'image_upload' && !q.is_optional)?.id ?? ''
    ] as string;
    const res = await h.get(`/api/uploads/${photo}/read-url`, patient);
    expect(res.status).toBe(200);
    const read = await request(h.service.app).get(res.body.url as string);
    expect(read.status).toBe(200);
    expect(Buffer.from(read.body as Buffer).equals(tinyPng)).toBe(true);
    const stranger = await h.patient();
    expect((await h.get(`/api/uploads/${photo}/read-url`, stranger)).status).toBe(404);
    // Signed but never uploaded (or not yet checked): nothing to read.
    const unsent = await h.post(
      '/api/get-signed-url',
      { filename: 'later.png', content_type: 'image/png' },
      patient,
    );
    expect((await h.get(`/api/uploads/${unsent.body.file_name}/read-url`, patient)).status).toBe(
      404,
    );
    expect((await h.get('/api/uploads/..%2F..%2Fetc/read-url', patient)).status).toBe(400);
  });
});
