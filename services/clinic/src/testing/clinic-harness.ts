/**
 * The clinic under test with the real identity and forms beside it on the same embedded engines
 * and a ManualClock: patients are real accounts whose orders are paid (checkout's event) and
 * whose assessments are submitted through forms' own route, so the case the clinician sees is
 * built from the events and records a real patient produces. Staff are real accounts too.
 */
import request from 'supertest';
import type { QuestionnaireFile, Role } from '@clinic/contracts';
import { eq, sql } from 'drizzle-orm';
import { createLocalFormsRecords } from '@clinic/forms';
import { rows } from '@clinic/kit';
import {
  completeAnswers,
  startForms,
  submissionOf,
  type FormsHarness,
  type FormsPatient,
} from '@clinic/forms/testing';
import { eventually, startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { clinicService } from '../app';
import { cases } from '../db/schema';

export interface StaffMemberUnderTest {
  id: number;
  name: string;
  headers: Record<string, string>;
}

export interface ClinicHarness {
  forms: FormsHarness;
  service: ServiceUnderTest;
  /** A staff account of the role (a clinician unless said), with its console headers. */
  staff(role?: Exclude<Role, 'patient'>, firstName?: string): Promise<StaffMemberUnderTest>;
  /**
   * A patient with a paid order whose complete assessment forms accepted, once the clinic has
   * queued it. `given` answers replace the defaults (a critical answer, a state).
   */
  submittedCase(opts?: {
    state?: string;
    /** The bare-medication form of the video states (Texas) instead of the medical one. */
    bare?: boolean;
    given?: Record<string, string | string[]>;
  }): Promise<{ patient: FormsPatient; orderId: number }>;
  /**
   * A submitted case `by` claimed and approved (tirzepatide 2.5, 5, 7.5 mg), as the care between
   * shipments starts from it.
   */
  prescribedCase(by: StaffMemberUnderTest): Promise<{ patient: FormsPatient; orderId: number }>;
  /** The patient uploads the identity video of a submitted bare-medication assessment. */
  uploadVideo(patient: FormsPatient, orderId: number): Promise<void>;
  get(path: string, as: { headers: Record<string, string> }): Promise<request.Response>;
  post(
    path: string,
    body: unknown,
    as: { headers: Record<string, string> },
  ): Promise<request.Response>;
  /** The events the clinic published (or has yet to relay) under one name, oldest first. */
  outboxEvents(name: string): Promise<{ data: unknown }[]>;
  close(): Promise<void>;
}

let staffSerial = 0;

/** The first bytes of an MP4 (its ftyp box), enough for forms' content check. */
const tinyMp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.alloc(0x20 - 12),
  Buffer.alloc(2048, 1),
]);

export async function startClinic(): Promise<ClinicHarness> {
  const forms = await startForms({ alongside: [clinicService] });
  const service = await startServiceForTest(
    clinicService,
    {
      identity: forms.directory,
      forms: createLocalFormsRecords(forms.service.runtime, {
        identity: forms.directory,
        storage: forms.storage,
      }),
      publicUrl: 'https://clinic.test',
    },
    { engines: forms.engines },
  );
  const questionnaires = new Map<string, QuestionnaireFile>();
  const questionnaire = async (name: string) => {
    if (!questionnaires.has(name))
      questionnaires.set(name, (await forms.get(`/forms/questionnaires/${name}`)).body);
    return questionnaires.get(name)!;
  };

  const harness: ClinicHarness = {
    forms,
    service,
    async staff(role = 'clinician', firstName = 'Casey') {
      staffSerial += 1;
      const id = await forms.identity.createUser({
        email: `${role}-${staffSerial}-${Date.now()}@clinic.test`,
        role,
        firstName,
      });
      return {
        id,
        name: `${firstName} Person`,
        headers: service.as({ userId: id, role, sessionId: `staff-${id}` }),
      };
    },
    async submittedCase({ state = 'CA', bare = false, given = {} } = {}) {
      const patient = await forms.patient({ state });
      await forms.shipTo(patient, state);
      const orderId = await forms.paidOrder(patient, { drug: 'tirzepatide' });
      const file = await questionnaire(bare ? 'bare-medication' : 'medical-integration');
      const flow = { form: 'first' as const, state, gender: 'Female' as const, bareMeds: bare };
      const answers = await forms.withUploads(
        completeAnswers(file, flow, 'tirzepatide', given),
        file,
        patient,
        orderId,
      );
      const path = bare ? '/api/submit-bare-form' : '/api/submit-md-form';
      const res = await forms.post(path, submissionOf(orderId, answers), patient);
      if (res.status !== 200)
        throw new Error(`assessment refused: ${res.status} ${JSON.stringify(res.body)}`);
      await eventually(async () => {
        const [queued] = await service.runtime.db
          .select({ status: cases.status, patientName: cases.patientName })
          .from(cases)
          .where(eq(cases.orderId, orderId));
        expect(queued?.status).toMatch(/^(waiting|needs-video)$/);
        expect(queued?.patientName).not.toBe('');
      });
      return { patient, orderId };
    },
    async prescribedCase(by) {
      const submitted = await harness.submittedCase();
      const claimed = await harness.post(`/api/console/cases/${submitted.orderId}/claim`, {}, by);
      if (claimed.status !== 200) throw new Error(`claim refused: ${claimed.status}`);
      const approved = await harness.post(
        `/api/console/cases/${submitted.orderId}/approve`,
        {
          drug: 'tirzepatide',
          doseSchedule: [2.5, 5, 7.5],
          maintenanceDose: 7.5,
          directions: 'Inject 2.5 mg under the skin once a week, on the same day each week.',
          vials: 3,
        },
        by,
      );
      if (approved.status !== 200) throw new Error(`approval refused: ${approved.status}`);
      return submitted;
    },
    async uploadVideo(patient, orderId) {
      const video = await forms.upload(
        patient,
        { name: 'video.mp4', contentType: 'video/mp4', bytes: tinyMp4 },
        orderId,
      );
      const res = await forms.post(
        '/api/upload-av-video',
        { s3FileName: video.fileName, uniqueId: orderId },
        patient,
      );
      if (res.status !== 200) throw new Error(`video refused: ${res.status}`);
    },
    get: (path, as) => request(service.app).get(path).set(as.headers),
    post: (path, body, as) =>
      request(service.app)
        .post(path)
        .set(as.headers)
        .send(body as object),
    async outboxEvents(name) {
      // Raw: the outbox is the kit's table, not declared in the clinic's schema.
      const found = await rows<{ envelope: { data: unknown } }>(
        service.runtime.db,
        sql`select envelope from clinic.outbox where name = ${name} order by seq`,
      );
      return found.map((r) => r.envelope);
    },
    async close() {
      await service.close();
      await forms.close();
    },
  };
  return harness;
}
