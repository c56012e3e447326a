/**
 * A prescription as FHIR R4: a collection Bundle of MedicationRequests valid against the R4
 * schema, the GLP-1's dose schedule one weekly dosage per month, the status from the
 * prescription's, the prescriber by name.
 */
import type { PrescriptionRow } from '../db/schema';
import { fhirStatusOf, toMedicationBundle } from './medication-request';
import { compileFhirSchema } from '@clinic/forms/testing';

const fhirProblems = compileFhirSchema();

const directions = 'Inject 2.5 mg under the skin once a week, on the same day each week.';
const nausea =
  'Take 1 tablet by mouth every 8 hours as needed for nausea. Do not take more than 3 tablets in 24 hours.';

const rx: PrescriptionRow = {
  prescriptionId: 'rx-812-mhx1',
  orderId: 812,
  userId: 41,
  drug: 'tirzepatide',
  doseSchedule: [2.5, 5, 7.5],
  maintenanceDose: 7.5,
  directions,
  vials: 3,
  items: [
    {
      rxId: 'rx-812-mhx1-1',
      name: 'Compounded Tirzepatide injection, 3 vials',
      directions,
      strength: 2.5,
    },
    {
      rxId: 'rx-812-mhx1-2',
      name: 'Ondansetron 4 mg tablets (GLP Anti-Nausea), 30 tablets',
      directions: nausea,
      strength: null,
    },
  ],
  status: 'pending',
  approvedBy: 7,
  approvedByName: 'Casey Person',
  approvedAt: new Date('2026-11-21T09:30:00.000Z'),
  acceptedBy: null,
  acceptedAt: null,
};

describe('a prescription as FHIR R4 MedicationRequests', () => {
  const bundle = toMedicationBundle(rx, { reference: 'Patient/H000000123' });
  const [glp1, tablets] = bundle.entry.map((e) => e.resource);

  it('is a collection Bundle, valid against the R4 schema with each MedicationRequest', () => {
    expect(fhirProblems(bundle)).toEqual([]);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(2);
  });

  it('orders each item for the patient, written by the clinician when approved', () => {
    for (const request of [glp1!, tablets!])
      expect(request).toMatchObject({
        resourceType: 'MedicationRequest',
        status: 'active',
        intent: 'order',
        groupIdentifier: { value: 'rx-812-mhx1' },
        subject: { reference: 'Patient/H000000123' },
        authoredOn: '2026-11-21T09:30:00.000Z',
        requester: { display: 'Casey Person' },
      });
    expect(glp1!.medicationCodeableConcept).toEqual({
      text: 'Compounded Tirzepatide injection, 3 vials',
    });
    expect(tablets!.medicationCodeableConcept).toEqual({
      text: 'Ondansetron 4 mg tablets (GLP Anti-Nausea), 30 tablets',
    });
  });

  it('gives the GLP-1 one weekly dosage per month of the schedule, the vials and the maintenance dose', () => {
    expect(glp1!.dosageInstruction.map((d) => [d.sequence, d.text])).toEqual([
      [1, 'Month 1: 2.5 mg once weekly'],
      [2, 'Month 2: 5 mg once weekly'],
      [3, 'Month 3: 7.5 mg once weekly'],
    ]);
    expect(glp1!.dosageInstruction[0]!.patientInstruction).toBe(directions);
    expect(glp1!.dosageInstruction[2]).toMatchObject({
      timing: { repeat: { frequency: 1, period: 1, periodUnit: 'wk' } },
      doseAndRate: [
        {
          doseQuantity: { value: 7.5, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' },
        },
      ],
    });
    expect(glp1!.dispenseRequest).toEqual({ quantity: { value: 3, unit: 'vials' } });
    expect(glp1!.note).toEqual([
      { text: 'Maintenance dose after the schedule: 7.5 mg once weekly.' },
    ]);
  });

  it('gives the tablets their directions in words', () => {
    expect(tablets!.dosageInstruction).toEqual([{ text: nausea }]);
    expect(tablets!.dispenseRequest).toBeUndefined();
    expect(tablets!.note).toBeUndefined();
  });

  it('takes its status from the prescription: standing while pending or accepted, cancelled once replaced or declined', () => {
    expect(fhirStatusOf).toEqual({
      pending: 'active',
      accepted: 'active',
      'adjustment-requested': 'cancelled',
      superseded: 'cancelled',
    });
    const replaced = toMedicationBundle(
      { ...rx, status: 'superseded', maintenanceDose: null },
      { reference: 'Patient/41' },
    );
    expect(replaced.entry.map((e) => e.resource.status)).toEqual(['cancelled', 'cancelled']);
    expect(replaced.entry[0]!.resource.note).toBeUndefined();
    expect(fhirProblems(replaced)).toEqual([]);
  });

  it('is caught by the schema check when broken', () => {
    const { subject: _subject, ...unowned } = glp1!;
    expect(fhirProblems({ ...bundle, entry: [{ resource: unowned }] })).not.toEqual([]);
    const unitless = { ...glp1, dispenseRequest: { quantity: { value: '3 vials' } } };
    expect(fhirProblems({ ...bundle, entry: [{ resource: unitless }] })).not.toEqual([]);
  });
});
