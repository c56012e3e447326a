import type { AuditActionOf, CaseSummary } from '@clinic/contracts';
import type { AuditStaff, AuditTrail, Db, ServiceRuntime } from '@clinic/kit';
import type { StaffMember } from './staff-members';

export type AuditAction = AuditActionOf<'clinic'>;

/** Who asked, from where: the staff member and the request's address. */
export interface StaffRequest {
  member: StaffMember;
  ip: string | null;
}

/**
 * The clinic's lines on the kit's audit trail: a staff member read a patient's health
 * information (a case, a file, the FHIR record, or the case in the review queue's list) or
 * decided their case. A line names what was read (a file name, a FHIR resource, the queue's
 * tab), never its content. Reads are written before the data is handed out, so a read that is
 * not recorded does not happen; decisions are written in their own transaction, so one never
 * stands without its line. The admin reads every service's trail through the gateway.
 */
export function clinicAudit(runtime: ServiceRuntime): AuditTrail<AuditAction> {
  return runtime.audit.of<AuditAction>();
}

export function auditStaff(who: StaffRequest): AuditStaff {
  return { ...who.member, ip: who.ip };
}

/**
 * The review queue's list names each patient with their medication: one line per case listed
 * (the tab, or the number searched, as the subject), so a patient's trail shows who saw them in
 * a list too; the same list re-read within 15 minutes adds no line (kit recordEachPerWindow).
 */
export async function recordListed(
  runtime: ServiceRuntime,
  db: Db,
  who: StaffRequest,
  listed: readonly CaseSummary[],
  subject: string,
): Promise<void> {
  const at = runtime.clock.now();
  await clinicAudit(runtime).recordEachPerWindow(
    db,
    auditStaff(who),
    listed.map((c) => ({
      action: 'case.list',
      orderId: c.orderId,
      patientId: c.userId,
      subject,
      at,
    })),
  );
}
