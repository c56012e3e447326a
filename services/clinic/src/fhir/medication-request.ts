/**
 * A prescription as FHIR R4: a Bundle (collection) of one MedicationRequest per item, grouped by
 * the prescription's id. The GLP-1 item carries the dose schedule as one dosage per month, in
 * sequence (the month's strength in mg, once a week under the skin), the vials to dispense and
 * the maintenance dose; the other items (the anti-nausea tablets) their directions in words.
 * Medications are named in words (no RxNorm coding).
 */
import type { PrescriptionRow } from '../db/schema';

type PrescriptionStatus = PrescriptionRow['status'];
export type FhirMedicationRequestStatus = 'active' | 'completed' | 'cancelled';

const ucum = 'http://unitsofmeasure.org';

export type FhirDosage = {
  sequence?: number;
  text: string;
  patientInstruction?: string;
  timing?: { repeat: { frequency: number; period: number; periodUnit: 'wk' } };
  route?: { coding: { system: string; code: string; display: string }[]; text: string };
  doseAndRate?: { doseQuantity: { value: number; unit: string; system: string; code: string } }[];
};

export type FhirMedicationRequest = {
  resourceType: 'MedicationRequest';
  id: string;
  groupIdentifier: { value: string };
  status: FhirMedicationRequestStatus;
  intent: 'order';
  medicationCodeableConcept: { text: string };
  subject: { reference: string };
  authoredOn: string;
  requester: { display: string };
  dosageInstruction: FhirDosage[];
  dispenseRequest?: { quantity: { value: number; unit: string } };
  note?: { text: string }[];
};

export type FhirMedicationBundle = {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: { resource: FhirMedicationRequest }[];
};

/**
 * Waiting for the patient's confirmation or accepted, the prescription stands (active); once
 * the patient asked for other doses, or a newer prescription replaced it, it will not be
 * dispensed (cancelled).
 */
export const fhirStatusOf: Record<PrescriptionStatus, FhirMedicationRequestStatus> = {
  pending: 'active',
  accepted: 'active',
  'adjustment-requested': 'cancelled',
  superseded: 'cancelled',
};

const subcutaneous = {
  coding: [{ system: 'http://snomed.info/sct', code: '34206005', display: 'Subcutaneous route' }],
  text: 'Under the skin',
};

export function toMedicationBundle(
  rx: PrescriptionRow,
  subject: { reference: string },
): FhirMedicationBundle {
  const authoredOn = rx.approvedAt.toISOString();
  return {
    resourceType: 'Bundle',
    id: rx.prescriptionId,
    type: 'collection',
    timestamp: authoredOn,
    entry: rx.items.map((item) => {
      // The GLP-1 is the item with a strength; the others are in words only.
      const glp1 = item.strength !== null;
      const request: FhirMedicationRequest = {
        resourceType: 'MedicationRequest',
        id: item.rxId,
        groupIdentifier: { value: rx.prescriptionId },
        status: fhirStatusOf[rx.status],
        intent: 'order',
        medicationCodeableConcept: { text: item.name },
        subject,
        authoredOn,
        requester: { display: rx.approvedByName },
        dosageInstruction: glp1
          ? monthlyDosages(rx.doseSchedule, item.directions)
          : [{ text: item.directions }],
      };
      if (glp1) {
        request.dispenseRequest = {
          quantity: { value: rx.vials, unit: rx.vials === 1 ? 'vial' : 'vials' },
        };
        if (rx.maintenanceDose !== null)
          request.note = [
            {
              text: `Maintenance dose after the schedule: ${rx.maintenanceDose} mg once weekly.`,
            },
          ];
      }
      return { resource: request };
    }),
  };
}

/** One dosage per month of the schedule, in order; the clinician's directions on the first. */
function monthlyDosages(schedule: number[], directions: string): FhirDosage[] {
  return schedule.map((mg, i) => ({
    sequence: i + 1,
    text: `Month ${i + 1}: ${mg} mg once weekly`,
    ...(i === 0 ? { patientInstruction: directions } : {}),
    timing: { repeat: { frequency: 1, period: 1, periodUnit: 'wk' } },
    route: subcutaneous,
    doseAndRate: [{ doseQuantity: { value: mg, unit: 'mg', system: ucum, code: 'mg' } }],
  }));
}
