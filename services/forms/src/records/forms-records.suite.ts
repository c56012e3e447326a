/**
 * The one behaviour every FormsRecords must have, run against the in-process records and the
 * HTTP ones (BRIEF D2). Each implementation is opened over a running forms service (in memory,
 * ManualClock, real identity beside it); the suite submits real assessments through forms' API
 * (uploads, the identity video, a dose adjustment) and reads them back as the clinic does. Signed
 * reads are downloaded over real HTTP from the forms app that signed them.
 */
import { createServer, type Server } from 'node:http';
import { deflateRawSync } from 'node:zlib';
import { closeServer, listenOnLoopback } from '@clinic/kit/testing';
import {
  affirmations,
  questionIds,
  specialNecessityStatements,
  yesAnswer,
  type FlowContext,
  type QuestionnaireFile,
  type QuestionnaireName,
} from '@clinic/contracts';
import type { FormsRecords } from '@clinic/forms-client';
import { loadQuestionnaires } from '../questionnaires/questionnaires';
import {
  completeAnswers,
  startForms,
  submissionOf,
  tinyPng,
  type FormsHarness,
  type FormsPatient,
} from '../testing';

export interface OpenedRecords {
  records: FormsRecords;
  close(): Promise<void>;
}

/** Gallbladder disease: "Yes" is marked for the clinician's review (not a contraindication). */
const reviewQuestionId = '16';

/** The checked-in questionnaires, with one option marked for review in the first-time forms. */
export function questionnairesWithReviewFlag(): Record<QuestionnaireName, QuestionnaireFile> {
  const files = loadQuestionnaires();
  const flag = (file: QuestionnaireFile): QuestionnaireFile => ({
    ...file,
    questions: file.questions.map((q) =>
      q.id === reviewQuestionId
        ? {
            ...q,
            options: (q.options ?? []).map((o) =>
              o.title === yesAnswer ? { ...o, important: true } : o,
            ),
          }
        : q,
    ),
  });
  return {
    ...files,
    'medical-integration': flag(files['medical-integration']),
    'bare-medication': flag(files['bare-medication']),
  };
}

/** The first bytes of an MP4 (an ftyp box of brand isom), padded. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.alloc(0x20 - 12),
  Buffer.alloc(2048, 1),
]);

/** A zip of deflated entries (local headers: what the first bytes of a .docx show). */
function zip(entries: Array<[string, string]>): Buffer {
  return Buffer.concat(
    entries.map(([name, content]) => {
      const data = deflateRawSync(Buffer.from(content));
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(8, 8);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(Buffer.byteLength(content), 22);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return Buffer.concat([header, Buffer.from(name), data]);
    }),
  );
}

/** Small but real starts of the doctor chat's kinds, and two files that only pretend to be. */
const chatFiles = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n'),
  docx: zip([
    ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
    ['_rels/.rels', '<Relationships/>'],
    ['word/document.xml', '<w:document><w:body><w:p>Dear doctor</w:p></w:body></w:document>'],
  ]),
  txt: Buffer.from('Blood sugar this week: 118, 121, 109 mg/dL.\nNo nausea since Monday.\n'),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300', 'hex'),
  /** A Windows executable's DOS header. */
  exe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]),
    Buffer.alloc(56),
  ]),
  /** A zip that holds no Word document. */
  zip: zip([['payload.exe', 'MZ...']]),
};

export function formsRecordsContract(
  name: string,
  open: (forms: FormsHarness) => Promise<OpenedRecords>,
): void {
  describe(`FormsRecords contract: ${name}`, () => {
    const files = questionnairesWithReviewFlag();
    const medical = files['medical-integration'];
    const bare = files['bare-medication'];
    let h: FormsHarness;
    let opened: OpenedRecords;
    let records: FormsRecords;
    let downloads: Server;
    let downloadBase: string;

    beforeAll(async () => {
      h = await startForms({ questionnaires: files });
      opened = await open(h);
      records = opened.records;
      downloads = createServer(h.service.app);
      downloadBase = await listenOnLoopback(downloads);
    });
    afterAll(async () => {
      await opened.close();
      await closeServer(downloads);
      await h.close();
    });

    const download = async (url: string) => {
      const res = await fetch(new URL(url, downloadBase));
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    /** A Californian woman's medical-integration assessment with answers worth reading. */
    async function medicalAssessment() {
      const patient = await h.patient({ state: 'CA' });
      const orderId = await h.paidOrder(patient, { drug: 'tirzepatide' });
      const ctx: FlowContext = { form: 'first', state: 'CA', gender: 'Female' };
      const given = {
        '1': '231',
        '5_1': yesAnswer,
        '5_2': ['Insulin', 'Another diabetes medication (for example, metformin)'],
        '5_2_1': 'Lantus, 10 units at night',
        '5_2_3': 'Metformin 500 mg twice a day',
        [reviewQuestionId]: yesAnswer,
        [questionIds.medications]: yesAnswer,
        [questionIds.medicationDetails]: 'Lisinopril 10 mg daily',
        [questionIds.medicalConditions]: yesAnswer,
        [questionIds.medicalConditionDetails]: 'Sleep apnea; gallbladder removed in 2021',
        '22': yesAnswer,
      };
      const answers = await h.withUploads(
        completeAnswers(medical, ctx, 'tirzepatide', given),
        medical,
        patient,
        orderId,
      );
      const res = await h.post('/api/submit-md-form', submissionOf(orderId, answers), patient);
      expect(res.status).toBe(200);
      return { patient, orderId, answers };
    }

    /** A Texan's bare-medication assessment with the identity video and a dose adjustment. */
    async function bareAssessmentWithVideoAndAdjustment() {
      const patient = await h.patient({ state: 'TX', gender: 'Male' });
      const orderId = await h.paidOrder(patient, { drug: 'tirzepatide' });
      await h.shipTo(patient, 'TX');
      const ctx: FlowContext = { form: 'first', state: 'TX', gender: 'Male', bareMeds: true };
      const answers = completeAnswers(bare, ctx, 'tirzepatide');
      const submitted = await h.post(
        '/api/submit-bare-form',
        submissionOf(orderId, answers),
        patient,
      );
      expect(submitted.status).toBe(200);
      const video = await h.upload(
        patient,
        { name: 'me.mp4', contentType: 'video/mp4', bytes: mp4 },
        orderId,
      );
      expect(
        (
          await h.post(
            '/api/upload-av-video',
            { s3FileName: video.fileName, uniqueId: String(orderId) },
            patient,
          )
        ).status,
      ).toBe(200);
      await h.approve(patient, orderId);
      expect(
        (await h.post(`/api/prescription-update/${orderId}`, { accept: false }, patient)).status,
      ).toBe(200);
      const photo = await h.upload(
        patient,
        { name: 'current_rx.png', contentType: 'image/png', bytes: tinyPng },
        orderId,
      );
      const adjusted = await h.post(
        '/api/submit-adjust-doses-form',
        {
          answers: [],
          images: [{ id: 'prescription_photo', answer: photo.fileName }],
          patientPreference: ['2.5', '5', '5'],
          maintanenceDose: '7.5',
          form_id: orderId,
        },
        patient,
      );
      expect(adjusted.status).toBe(200);
      return { patient, orderId, video: video.fileName, photo: photo.fileName };
    }

    let medicalCase: Awaited<ReturnType<typeof medicalAssessment>>;
    let bareCase: Awaited<ReturnType<typeof bareAssessmentWithVideoAndAdjustment>>;
    let stranger: FormsPatient;
    beforeAll(async () => {
      medicalCase = await medicalAssessment();
      bareCase = await bareAssessmentWithVideoAndAdjustment();
      stranger = await h.patient();
    });

    it('reads the assessment as asked, in order, in words, with follow-ups under their answer', async () => {
      const { orderId, patient, answers } = medicalCase;
      const record = await records.assessmentRecord(orderId);
      if (!record) throw new Error('expected a record');
      expect(record).toMatchObject({
        orderId,
        userId: patient.id,
        form: 'mdIntegration',
        questionnaireName: 'medical-integration',
        questionnaireVersion: medical.version,
        submittedAt: h.clock.now().toISOString(),
        weightPounds: 231,
        medications: 'Lisinopril 10 mg daily',
        allergies: affirmations.allergies,
        conditions: 'Sleep apnea; gallbladder removed in 2021',
        doseSchedulePreference: [2.5, 5, 7.5],
        maintenancePreference: 10,
      });
      expect(record.specialNecessities).toEqual([specialNecessityStatements.nausea]);

      // The questions of the file in its order; follow-ups are not top-level answers.
      const order = medical.questions.map((q) => q.id);
      const ids = record.answers.map((a) => a.questionId);
      expect(ids).toEqual([...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      expect(ids).not.toContain('5_2_1');
      expect(ids).toEqual(expect.arrayContaining(['1', '5_1', '5_2', '7_4', '10', '14', '15']));

      const byId = new Map(record.answers.map((a) => [a.questionId, a]));
      const label = (id: string) => medical.questions.find((q) => q.id === id)?.label;
      expect(byId.get('5_2')).toEqual({
        questionId: '5_2',
        key: 'diabetes_medications',
        question: label('5_2'),
        answer: 'Insulin, Another diabetes medication (for example, metformin)',
        critical: true,
        followUps: [
          {
            questionId: '5_2_1',
            question: 'Which insulin do you take, and how much do you usually take each day?',
            answer: 'Lantus, 10 units at night',
          },
          {
            questionId: '5_2_3',
            question: expect.stringMatching(/other diabetes medications/),
            answer: 'Metformin 500 mg twice a day',
          },
        ],
      });
      expect(byId.get('10')?.answer).toBe('Month 1: 2.5 mg, Month 2: 5 mg, Month 3: 7.5 mg');
      expect(byId.get('14')).toMatchObject({
        key: 'full_body_image',
        question: label('14'),
        answer: answers['14'],
      });
      expect(byId.get(questionIds.allergies)?.answer).toBe(affirmations.allergies);
    });

    it('marks the answers whose chosen option the questionnaire flags for review, and no other', async () => {
      const record = await records.assessmentRecord(medicalCase.orderId);
      const critical = record?.answers.filter((a) => a.critical).map((a) => a.questionId);
      // Insulin (5_2) and gallbladder disease (16) need the clinician's attention.
      expect(critical).toEqual(['5_2', reviewQuestionId]);
      expect(record?.answers.find((a) => a.questionId === reviewQuestionId)?.answer).toBe(
        yesAnswer,
      );
    });

    it("lists the order's files: answer photos, the identity video, dose-adjustment photos", async () => {
      const medicalRecord = await records.assessmentRecord(medicalCase.orderId);
      expect(medicalRecord?.files).toEqual([
        // Short labels, never the storage name or the question's long wording.
        { fileName: medicalCase.answers['14'], kind: 'image', label: 'Full-body photo' },
        { fileName: medicalCase.answers['15'], kind: 'image', label: 'Photo ID' },
      ]);
      const bareRecord = await records.assessmentRecord(bareCase.orderId);
      expect(bareRecord).toMatchObject({ form: 'bareMeds', weightPounds: 180 });
      expect(bareRecord?.files).toEqual([
        { fileName: bareCase.video, kind: 'video', label: 'Identity video' },
        { fileName: bareCase.photo, kind: 'image', label: 'Dose adjustment photo' },
      ]);
    });

    it('signs a short read of each of the order’s files that downloads its bytes', async () => {
      const before = h.clock.now().getTime();
      for (const [orderId, fileName, bytes] of [
        [medicalCase.orderId, medicalCase.answers['14'] as string, tinyPng],
        [bareCase.orderId, bareCase.video, mp4],
        [bareCase.orderId, bareCase.photo, tinyPng],
      ] as const) {
        const read = await records.fileRead(orderId, fileName);
        if (!read) throw new Error('expected a signed read');
        const lifetime = new Date(read.expiresAt).getTime() - before;
        expect(lifetime).toBeGreaterThan(60_000);
        expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
        const got = await download(read.url);
        expect(got.status).toBe(200);
        expect(got.bytes.equals(bytes)).toBe(true);
      }
    });

    it('reads no file that is not the order’s', async () => {
      // Another order's file, even of the same patient's records, and a file nobody submitted.
      expect(
        await records.fileRead(bareCase.orderId, medicalCase.answers['14'] as string),
      ).toBeNull();
      expect(await records.fileRead(medicalCase.orderId, bareCase.video)).toBeNull();
      const loose = await h.upload(stranger, {
        name: 'loose.png',
        contentType: 'image/png',
        bytes: tinyPng,
      });
      expect(await records.fileRead(medicalCase.orderId, loose.fileName)).toBeNull();
      expect(await records.fileRead(medicalCase.orderId, 'no-such-file.png')).toBeNull();
      expect(await records.fileRead(medicalCase.orderId, '')).toBeNull();
      expect(await records.fileRead(medicalCase.orderId, 'x'.repeat(500))).toBeNull();
      expect(await records.fileRead(987654, medicalCase.answers['14'] as string)).toBeNull();
    });

    it("reads an order's care: adherence, side-effect reports with urgent first, logged weights", async () => {
      h.clock.set('2026-11-24T15:00:00Z');
      const patient = await h.patient({ state: 'CA' });
      const orderId = await h.paidOrder(patient);
      await h.approve(patient, orderId);
      expect(await records.careRecord(orderId)).toEqual({
        adherence: { weeks: 0, logged: 0, missed: 0, missedInARow: 0 },
        sideEffects: [],
        weights: [],
      });
      await h.deliver(patient, orderId);
      const day = { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' };
      expect((await h.put('/api/care/injection-day', day, patient)).status).toBe(200);
      h.clock.set('2026-11-29T16:00:00Z');
      const dose = { order_id: orderId, taken_on: '2026-11-29', strength: 2.5, site: 'abdomen' };
      expect((await h.post('/api/care/doses', { ...dose, weight_lbs: 204 }, patient)).status).toBe(
        200,
      );
      const report = (symptom: string, severity: string) =>
        h.post(
          '/api/care/side-effects',
          { order_id: orderId, symptom, severity, duration: 'under_1_day' },
          patient,
        );
      await report('stomach_pain', 'severe');
      h.clock.set('2026-12-08T16:00:00Z');
      await report('nausea', 'mild');
      // Nov 29 logged, Dec 6 missed (a day overdue).
      const care = await records.careRecord(orderId);
      expect(care?.adherence).toEqual({ weeks: 2, logged: 1, missed: 1, missedInARow: 1 });
      expect(care?.sideEffects.map((r) => [r.symptom, r.level])).toEqual([
        ['stomach_pain', 'urgent'],
        ['nausea', 'self-care'],
      ]);
      expect(care?.weights).toEqual([{ at: '2026-11-29T16:00:00.000Z', pounds: 204 }]);
      expect(await records.careRecord(987654)).toBeNull();
    });

    it('has no record for an unknown order or one not submitted yet', async () => {
      expect(await records.assessmentRecord(987654)).toBeNull();
      const pending = await h.paidOrder(stranger);
      expect(await records.assessmentRecord(pending)).toBeNull();
    });

    it("checks a patient's own image by its content, and signs staff a read of it once checked", async () => {
      const patient = await h.patient({ state: 'CA' });
      const other = await h.patient({ state: 'CA' });
      const photo = await h.upload(patient, {
        name: 'broken-vial.png',
        contentType: 'image/png',
        bytes: tinyPng,
      });
      expect(photo.status).toBe(200);
      expect(await records.patientImageRead(patient.id, photo.fileName)).toBeNull();
      expect(await records.checkPatientImage(other.id, photo.fileName)).toBe('missing');
      expect(await records.checkPatientImage(patient.id, photo.fileName)).toBe('ok');
      const read = await records.patientImageRead(patient.id, photo.fileName);
      expect((await download(read!.url)).bytes.equals(tinyPng)).toBe(true);
      expect(await records.patientImageRead(other.id, photo.fileName)).toBeNull();

      const renamed = await h.upload(patient, {
        name: 'photo.png',
        contentType: 'image/png',
        bytes: Buffer.from('%PDF-1.7 not a photo at all'),
      });
      expect(await records.checkPatientImage(patient.id, renamed.fileName)).toBe('not-an-image');
      // A refused file is deleted: asking again finds nothing.
      expect(await records.checkPatientImage(patient.id, renamed.fileName)).toBe('missing');
      const huge = await h.upload(patient, {
        name: 'huge.png',
        contentType: 'image/png',
        bytes: Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)]),
      });
      expect(await records.checkPatientImage(patient.id, huge.fileName)).toBe('too-large');
      expect(await records.checkPatientImage(patient.id, '')).toBe('missing');
    });

    it("checks a patient's doctor chat attachments by their bytes: each of the chat's kinds", async () => {
      const patient = await h.patient({ state: 'CA' });
      for (const [name, contentType, bytes, kind] of [
        ['lab-results.pdf', 'application/pdf', chatFiles.pdf, 'pdf'],
        [
          'letter.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          chatFiles.docx,
          'docx',
        ],
        ['readings.txt', 'text/plain', chatFiles.txt, 'txt'],
        ['rash.png', 'image/png', tinyPng, 'png'],
        ['rash.jpeg', 'image/jpeg', chatFiles.jpeg, 'jpg'],
        ['injection-site.mp4', 'video/mp4', mp4, 'mp4'],
      ] as const) {
        const upload = await h.upload(patient, { name, contentType, bytes });
        expect(upload.status).toBe(200);
        // Not checked yet: nothing to read.
        expect(await records.patientFileRead(patient.id, upload.fileName)).toBeNull();
        const expectedType = kind === 'jpg' ? 'image/jpeg' : contentType;
        expect(await records.checkPatientAttachment(patient.id, upload.fileName)).toEqual({
          check: 'ok',
          kind,
          contentType: expectedType,
          size: bytes.length,
        });
        // Asked again, the same answer (the file is kept).
        expect(await records.checkPatientAttachment(patient.id, upload.fileName)).toEqual({
          check: 'ok',
          kind,
          contentType: expectedType,
          size: bytes.length,
        });
      }
    });

    it('refuses an attachment that only pretends to be of an accepted kind, or is too large, and deletes it', async () => {
      const patient = await h.patient({ state: 'CA' });
      for (const [name, contentType, bytes, check] of [
        ['results.pdf', 'application/pdf', chatFiles.exe, 'not-allowed'],
        [
          'letter.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          chatFiles.zip,
          'not-allowed',
        ],
        // A real PDF under an image's name and type.
        ['photo.png', 'image/png', chatFiles.pdf, 'not-allowed'],
        // A real PDF whose name says it is something the chat does not take.
        ['setup.exe', 'application/pdf', chatFiles.pdf, 'not-allowed'],
        [
          'huge.pdf',
          'application/pdf',
          Buffer.concat([chatFiles.pdf, Buffer.alloc(5 * 1024 * 1024)]),
          'too-large',
        ],
        ['empty.txt', 'text/plain', Buffer.alloc(0), 'not-allowed'],
      ] as const) {
        const upload = await h.upload(patient, { name, contentType, bytes });
        expect(upload.status).toBe(200);
        expect([name, await records.checkPatientAttachment(patient.id, upload.fileName)]).toEqual([
          name,
          { check },
        ]);
        // A refused file is deleted: asking again finds nothing, and nothing can be read.
        expect(await records.checkPatientAttachment(patient.id, upload.fileName)).toEqual({
          check: 'missing',
        });
        expect(await records.patientFileRead(patient.id, upload.fileName)).toBeNull();
      }
      // Exactly 5 MB is within the limit.
      const limit = Buffer.concat([chatFiles.pdf, Buffer.alloc(5_242_880 - chatFiles.pdf.length)]);
      const atLimit = await h.upload(patient, {
        name: 'scan.pdf',
        contentType: 'application/pdf',
        bytes: limit,
      });
      expect(await records.checkPatientAttachment(patient.id, atLimit.fileName)).toMatchObject({
        check: 'ok',
        size: 5_242_880,
      });
    });

    it("finds no attachment that is not the patient's own, and reads one only for its owner", async () => {
      const patient = await h.patient({ state: 'CA' });
      const other = await h.patient({ state: 'CA' });
      const pdf = await h.upload(patient, {
        name: 'lab-results.pdf',
        contentType: 'application/pdf',
        bytes: chatFiles.pdf,
      });
      expect(await records.checkPatientAttachment(other.id, pdf.fileName)).toEqual({
        check: 'missing',
      });
      // Asking as another patient does not delete the owner's file.
      expect(await records.checkPatientAttachment(patient.id, pdf.fileName)).toMatchObject({
        check: 'ok',
        kind: 'pdf',
      });
      expect(await records.checkPatientAttachment(patient.id, 'never-uploaded.pdf')).toEqual({
        check: 'missing',
      });
      expect(await records.checkPatientAttachment(patient.id, '')).toEqual({ check: 'missing' });
      expect(await records.checkPatientAttachment(patient.id, 'x'.repeat(500))).toEqual({
        check: 'missing',
      });

      const before = h.clock.now().getTime();
      const read = await records.patientFileRead(patient.id, pdf.fileName);
      if (!read) throw new Error('expected a signed read');
      const lifetime = new Date(read.expiresAt).getTime() - before;
      expect(lifetime).toBeGreaterThan(60_000);
      expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
      const got = await download(read.url);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(chatFiles.pdf)).toBe(true);
      expect(await records.patientFileRead(other.id, pdf.fileName)).toBeNull();
      expect(await records.patientFileRead(patient.id, 'never-uploaded.pdf')).toBeNull();
      expect(await records.patientFileRead(patient.id, '')).toBeNull();
    });

    it("judges an answer's photo or the identity video as an attachment without deleting it", async () => {
      // The identity video is an mp4 the chat accepts; a file it refuses stays the order's.
      expect(await records.checkPatientAttachment(bareCase.patient.id, bareCase.video)).toEqual({
        check: 'ok',
        kind: 'mp4',
        contentType: 'video/mp4',
        size: mp4.length,
      });
      const patient = await h.patient({ state: 'CA' });
      const webp = Buffer.concat([
        Buffer.from('RIFF'),
        Buffer.from('24000000', 'hex'),
        Buffer.from('WEBPVP8 '),
        Buffer.from('18000000300100', 'hex'),
      ]);
      const photo = await h.upload(patient, {
        name: 'face.webp',
        contentType: 'image/webp',
        bytes: webp,
      });
      expect(await records.checkPatientImage(patient.id, photo.fileName)).toBe('ok');
      expect(await records.checkPatientAttachment(patient.id, photo.fileName)).toEqual({
        check: 'not-allowed',
      });
      expect(await records.checkPatientImage(patient.id, photo.fileName)).toBe('ok');
      const read = await records.patientFileRead(patient.id, photo.fileName);
      expect((await download(read!.url)).bytes.equals(webp)).toBe(true);
    });

    it('refuses a malformed order id, naming the field only', async () => {
      await expect(records.assessmentRecord(0)).rejects.toThrow(/orderId/);
      await expect(records.fileRead(-1, 'a.png')).rejects.toThrow(/orderId/);
    });
  });
}
