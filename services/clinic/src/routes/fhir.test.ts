/**
 * The FHIR export over HTTP against a real forms and identity: a patient reads their own
 * assessment and prescription as FHIR R4 (valid against the R4 schema) and nobody else's, which
 * is the same 404 as none; a clinician or an admin reads any, each read on the audit trail; other
 * staff roles are refused.
 */
import { eq } from 'drizzle-orm';
import { clinicMessages } from '@clinic/contracts';
import type { FormsPatient } from '@clinic/forms/testing';
import { STAFF_ROLE_REFUSED } from '@clinic/kit';
import { patientRecords } from '../db/schema';
import { compileFhirSchema } from '@clinic/forms/testing';
import { startClinic, type ClinicHarness, type StaffMemberUnderTest } from '../testing';

describe('the FHIR export', () => {
  const fhirProblems = compileFhirSchema();
  let h: ClinicHarness;
  let clinician: StaffMemberUnderTest;
  let admin: StaffMemberUnderTest;
  let support: StaffMemberUnderTest;
  let patient: FormsPatient;
  let stranger: FormsPatient;
  let orderId: number;
  let prescriptionId: string;
  let healthId: string;

  beforeAll(async () => {
    h = await startClinic();
    clinician = await h.staff('clinician', 'Casey');
    admin = await h.staff('admin', 'Alex');
    support = await h.staff('support', 'Sam');
    ({ patient, orderId } = await h.submittedCase());
    stranger = await h.forms.patient();
    expect((await h.post(`/api/console/cases/${orderId}/claim`, {}, clinician)).status).toBe(200);
    const approved = await h.post(
      `/api/console/cases/${orderId}/approve`,
      {
        drug: 'tirzepatide',
        doseSchedule: [2.5, 5, 7.5],
        maintenanceDose: 7.5,
        directions: 'Inject 2.5 mg under the skin once a week, on the same day each week.',
        vials: 3,
      },
      clinician,
    );
    expect(approved.status).toBe(200);
    prescriptionId = approved.body.prescription.prescriptionId;
    const [record] = await h.service.runtime.db
      .select()
      .from(patientRecords)
      .where(eq(patientRecords.userId, patient.id));
    healthId = record!.healthId;
  }, 120_000);
  afterAll(() => h.close());

  const responsePath = (id: number) => `/api/fhir/QuestionnaireResponse/${id}`;
  const requestPath = (id: string) => `/api/fhir/MedicationRequest/${id}`;
  /** The trail's fhir.read lines of `subject`, oldest first. */
  const fhirReads = async (subject: string) =>
    (
      await h.service.runtime.audit.page(h.service.runtime.db, {
        action: 'fhir.read',
        subject,
        limit: 100,
      })
    ).entries
      .reverse()
      .map((l) => ({
        staffId: l.staff.id,
        staffRole: l.staff.role,
        orderId: l.orderId,
        patientId: l.patientId,
      }));

  describe('GET /api/fhir/QuestionnaireResponse/{orderId}', () => {
    it('gives the patient their own assessment as a QuestionnaireResponse, valid against the R4 schema', async () => {
      const res = await h.get(responsePath(orderId), patient);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(fhirProblems(res.body)).toEqual([]);
      const questionnaire = await h.forms.get('/api/fhir/Questionnaire/medical-integration');
      expect(res.body).toMatchObject({
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        questionnaire: `${questionnaire.body.url}|${questionnaire.body.version}`,
        subject: { reference: `Patient/${healthId}` },
      });
      // Every answer points at an item of the questionnaire it answers; uploads are attachments.
      const linkIds = new Set(
        (questionnaire.body.item as { linkId: string }[]).map((item) => item.linkId),
      );
      const items = res.body.item as { linkId: string; answer: Record<string, unknown>[] }[];
      expect(items.length).toBeGreaterThan(10);
      for (const item of items) expect(linkIds.has(item.linkId)).toBe(true);
      expect(items.find((i) => i.linkId === '14')?.answer).toEqual([
        { valueAttachment: { title: expect.any(String) } },
      ]);
      expect(await fhirReads(`QuestionnaireResponse/${orderId}`)).toEqual([]);
    });

    it("answers another patient's assessment as it answers one that does not exist", async () => {
      const others = await h.get(responsePath(orderId), stranger);
      const none = await h.get(responsePath(999_999), stranger);
      expect(others.status).toBe(404);
      expect(none.status).toBe(404);
      expect(others.body.message).toBe(clinicMessages.fhirNotFound);
      expect(none.body.message).toBe(others.body.message);
    });

    it('gives it to a clinician and to an admin, each read on the audit trail', async () => {
      for (const reader of [clinician, admin]) {
        const res = await h.get(responsePath(orderId), reader);
        expect(res.status).toBe(200);
        expect(fhirProblems(res.body)).toEqual([]);
      }
      const lines = await fhirReads(`QuestionnaireResponse/${orderId}`);
      expect(lines.map((l) => [l.staffId, l.staffRole, l.orderId, l.patientId])).toEqual([
        [clinician.id, 'clinician', orderId, patient.id],
        [admin.id, 'admin', orderId, patient.id],
      ]);
    });

    it('refuses other staff roles, and asks for a login', async () => {
      const res = await h.get(responsePath(orderId), support);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(STAFF_ROLE_REFUSED);
      expect((await h.get(responsePath(orderId), { headers: {} })).status).toBe(401);
      const lines = await fhirReads(`QuestionnaireResponse/${orderId}`);
      expect(lines.map((l) => l.staffId)).not.toContain(support.id);
    });
  });

  describe('GET /api/fhir/MedicationRequest/{prescriptionId}', () => {
    it('gives the patient their own prescription as a Bundle of MedicationRequests, valid against the R4 schema', async () => {
      const res = await h.get(requestPath(prescriptionId), patient);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(fhirProblems(res.body)).toEqual([]);
      expect(res.body).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
      const [glp1] = res.body.entry.map((e: { resource: unknown }) => e.resource);
      expect(glp1).toMatchObject({
        resourceType: 'MedicationRequest',
        status: 'active',
        intent: 'order',
        subject: { reference: `Patient/${healthId}` },
        requester: { display: clinician.name },
        dispenseRequest: { quantity: { value: 3 } },
      });
      expect(
        glp1.dosageInstruction.map(
          (d: { doseAndRate: { doseQuantity: { value: number } }[] }) =>
            d.doseAndRate[0]!.doseQuantity.value,
        ),
      ).toEqual([2.5, 5, 7.5]);
    });

    it("answers another patient's prescription as it answers one that does not exist", async () => {
      const others = await h.get(requestPath(prescriptionId), stranger);
      const none = await h.get(requestPath('rx-0-none'), stranger);
      expect(others.status).toBe(404);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe(others.body.message);
    });

    it('gives it to a clinician with a line on the audit trail; a prescription that does not exist is no read', async () => {
      const res = await h.get(requestPath(prescriptionId), clinician);
      expect(res.status).toBe(200);
      expect(fhirProblems(res.body)).toEqual([]);
      const lines = await fhirReads(`MedicationRequest/${prescriptionId}`);
      expect(lines.map((l) => [l.staffId, l.orderId, l.patientId])).toEqual([
        [clinician.id, orderId, patient.id],
      ]);
      expect((await h.get(requestPath('rx-0-none'), clinician)).status).toBe(404);
      expect(await fhirReads('MedicationRequest/rx-0-none')).toEqual([]);
    });

    it('refuses other staff roles', async () => {
      expect((await h.get(requestPath(prescriptionId), support)).status).toBe(403);
      expect((await h.get(requestPath('rx-0-none'), support)).status).toBe(403);
    });
  });
});
