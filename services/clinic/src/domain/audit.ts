import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '@clinic/contracts';
import type { Db, Tx } from '@clinic/kit';
import { auditLog } from '../db/schema';
import type { StaffMember } from './staff-members';

/** Who asked, from where: the staff member and the request's address. */
export interface StaffRequest {
  member: StaffMember;
  ip: string | null;
}

/**
 * Writes one line of the audit trail: a staff member read a patient's health information or
 * decided their case. It names what was read (a file name, a FHIR resource), never its content.
 * Reads are written before the data is handed out, so a read that is not recorded does not
 * happen; decisions are written in their own transaction, so one never stands without its line.
 */
export async function audit(
  db: Db | Tx,
  who: StaffRequest,
  entry: {
    action: AuditAction;
    orderId: number | null;
    patientId: number | null;
    subject?: string | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    staffId: who.member.id,
    staffName: who.member.name,
    staffRole: who.member.role,
    action: entry.action,
    orderId: entry.orderId,
    patientId: entry.patientId,
    subject: entry.subject ?? null,
    ip: who.ip,
  });
}

/** The trail, newest first, one page at a time. */
export async function auditTrail(
  db: Db,
  query: { patientId?: number; orderId?: number; staffId?: number; before?: number; limit: number },
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const where: SQL[] = [];
  if (query.patientId !== undefined) where.push(eq(auditLog.patientId, query.patientId));
  if (query.orderId !== undefined) where.push(eq(auditLog.orderId, query.orderId));
  if (query.staffId !== undefined) where.push(eq(auditLog.staffId, query.staffId));
  if (query.before !== undefined) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staff: { id: row.staffId, name: row.staffName, role: row.staffRole },
      action: row.action,
      orderId: row.orderId,
      patientId: row.patientId,
      subject: row.subject,
      ip: row.ip,
    })),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
