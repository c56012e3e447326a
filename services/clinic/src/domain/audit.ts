import type { AuditAction, AuditEntry } from '@clinic/contracts';
import type { AuditStaff, AuditTrail, Db, ServiceRuntime } from '@clinic/kit';
import type { StaffMember } from './staff-members';

/** Who asked, from where: the staff member and the request's address. */
export interface StaffRequest {
  member: StaffMember;
  ip: string | null;
}

/**
 * The clinic's lines on the kit's audit trail: a staff member read a patient's health
 * information or decided their case. A line names what was read (a file name, a FHIR resource),
 * never its content. Reads are written before the data is handed out, so a read that is not
 * recorded does not happen; decisions are written in their own transaction, so one never stands
 * without its line.
 */
export function clinicAudit(runtime: ServiceRuntime): AuditTrail<AuditAction> {
  return runtime.audit.of<AuditAction>();
}

export function auditStaff(who: StaffRequest): AuditStaff {
  return { ...who.member, ip: who.ip };
}

/** The trail, newest first, one page at a time. */
export async function auditTrail(
  runtime: ServiceRuntime,
  db: Db,
  query: { patientId?: number; orderId?: number; staffId?: number; before?: number; limit: number },
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const page = await clinicAudit(runtime).page(db, query);
  return {
    entries: page.entries.map((line) => ({
      id: line.id,
      at: line.at.toISOString(),
      // The clinic always knows its staff's names (clinic.staff).
      staff: { ...line.staff, name: line.staff.name ?? '' },
      action: line.action,
      orderId: line.orderId,
      patientId: line.patientId,
      subject: line.subject,
      ip: line.ip,
    })),
    next: page.next,
  };
}
