import type { CasePrescription } from '@clinic/contracts';
import type { PrescriptionRow } from '../db/schema';

export function toCasePrescription(row: PrescriptionRow): CasePrescription {
  return {
    prescriptionId: row.prescriptionId,
    orderId: row.orderId,
    drug: row.drug,
    doseSchedule: row.doseSchedule,
    maintenanceDose: row.maintenanceDose,
    directions: row.directions,
    vials: row.vials,
    items: row.items,
    status: row.status,
    approvedBy: { id: row.approvedBy, name: row.approvedByName },
    approvedAt: row.approvedAt.toISOString(),
    acceptedBy: row.acceptedBy,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}
