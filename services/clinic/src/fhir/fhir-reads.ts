/**
 * Who may read a record as FHIR, and the audit of staff reads. Guarantees:
 * - a patient reads only their own records: another patient's, or none, is the same 404;
 * - a clinician or an admin reads any, and the read is written to the audit trail (action
 *   `fhir.read`, the resource as subject) before the resource is handed out;
 * - any other staff role is refused (403) before anything is looked up.
 */
import { eq } from 'drizzle-orm';
import { clinicMessages, fhirReaderRoles, type Principal } from '@clinic/contracts';
import type { FormsRecords } from '@clinic/forms-client';
import {
  ForbiddenError,
  NotFoundError,
  STAFF_ROLE_REFUSED,
  type ServiceRuntime,
} from '@clinic/kit';
import { patientRecords, prescriptions } from '../db/schema';
import { auditStaff, clinicAudit, type StaffRequest } from '../domain/audit';
import { toMedicationBundle, type FhirMedicationBundle } from './medication-request';
import {
  patientReference,
  toQuestionnaireResponse,
  type FhirQuestionnaireResponse,
} from './questionnaire-response';

/** The caller: a patient, or a staff member whose request is resolved only when it is needed. */
export interface FhirReader {
  principal: Principal;
  staff: () => Promise<StaffRequest>;
}

export class FhirReads {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly forms: FormsRecords,
  ) {}

  async questionnaireResponse(
    orderId: number,
    reader: FhirReader,
  ): Promise<FhirQuestionnaireResponse> {
    refuseOtherStaff(reader.principal);
    const record = await this.forms.assessmentRecord(orderId);
    if (!record) throw new NotFoundError(clinicMessages.fhirNotFound);
    await this.allow(reader, record.userId, {
      orderId,
      subject: `QuestionnaireResponse/${orderId}`,
    });
    return toQuestionnaireResponse(record, await this.subjectOf(record.userId));
  }

  async medicationRequests(
    prescriptionId: string,
    reader: FhirReader,
  ): Promise<FhirMedicationBundle> {
    refuseOtherStaff(reader.principal);
    const [rx] = await this.runtime.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.prescriptionId, prescriptionId));
    if (!rx) throw new NotFoundError(clinicMessages.fhirNotFound);
    await this.allow(reader, rx.userId, {
      orderId: rx.orderId,
      subject: `MedicationRequest/${prescriptionId}`,
    });
    return toMedicationBundle(rx, await this.subjectOf(rx.userId));
  }

  /** The patient's own record, or a staff read once it is on the audit trail. */
  private async allow(
    reader: FhirReader,
    patientId: number,
    read: { orderId: number; subject: string },
  ): Promise<void> {
    if (reader.principal.role === 'patient') {
      if (reader.principal.userId !== patientId)
        throw new NotFoundError(clinicMessages.fhirNotFound);
      return;
    }
    await clinicAudit(this.runtime).record(this.runtime.db, auditStaff(await reader.staff()), {
      action: 'fhir.read',
      orderId: read.orderId,
      patientId,
      subject: read.subject,
      at: this.runtime.clock.now(),
    });
  }

  private async subjectOf(userId: number): Promise<{ reference: string }> {
    const [record] = await this.runtime.db
      .select({ healthId: patientRecords.healthId })
      .from(patientRecords)
      .where(eq(patientRecords.userId, userId));
    return patientReference(userId, record?.healthId ?? null);
  }
}

function refuseOtherStaff(principal: Principal): void {
  if (principal.role === 'patient') return;
  if (!fhirReaderRoles.some((role) => role === principal.role))
    throw new ForbiddenError(STAFF_ROLE_REFUSED);
}
