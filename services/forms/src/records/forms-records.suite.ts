/**
 * The one behaviour every FormsRecords must have, run against the in-process records and the
 * HTTP ones (BRIEF D2). Each implementation is opened over a running forms service (in memory,
 * ManualClock, real identity beside it); the suite submits real assessments through forms' API
 * (uploads, the identity video, a dose adjustment) and reads them back as the clinic does. Signed
 * reads are downloaded over real HTTP from the forms app that signed them.
 */
import { createServer, type Server } from 'node:http';
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
        '1': '231.5',
        '5_1': yesAnswer,
        '5_2': ['Insulin', 'Another diabetes medication (for example, metformin)'],
        '5_2_1': 'Lantus, 10 units at night',
        '5_2_3': 'Metformin 500 mg twice a day',
        [reviewQuestionId]: yesAnswer,
        [questionIds.medications]: yesAnswer,
        [questionIds.medicationDetails]: 'Lisinopril 10 mg daily',
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
        weightPounds: 231.5,
        medications: 'Lisinopril 10 mg daily',
        allergies: affirmations.allergies,
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
        {
          fileName: medicalCase.answers['14'],
          kind: 'image',
          label: medical.questions.find((q) => q.id === '14')?.label,
        },
        {
          fileName: medicalCase.answers['15'],
          kind: 'image',
          label: medical.questions.find((q) => q.id === '15')?.label,
        },
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

    it('refuses a malformed order id, naming the field only', async () => {
      await expect(records.assessmentRecord(0)).rejects.toThrow(/orderId/);
      await expect(records.fileRead(-1, 'a.png')).rejects.toThrow(/orderId/);
    });
  });
}
