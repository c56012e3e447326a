/**
 * The merged audit trail as CSV, one line per audit line, newest first: the columns the page
 * shows plus the service's own references. Subjects are file names and record names that
 * patients may have chosen: the kit's CSV quotes them and writes a would-be formula as text.
 */
import type { AuditEntry } from '@clinic/contracts';
import { csvLines, type CsvCell } from '@clinic/kit';

/** The most lines one export holds (the X-Audit-Truncated header says when there were more). */
export const AUDIT_CSV_MAX_LINES = 10_000;

const header: CsvCell[] = [
  'time_utc',
  'service',
  'staff_id',
  'staff_name',
  'staff_role',
  'action',
  'patient_id',
  'order_id',
  'subject',
  'refs',
  'ip',
];

const refsOf = (refs: Record<string, number>): string =>
  Object.entries(refs)
    .map(([name, id]) => `${name}=${id}`)
    .join(' ');

export function auditCsvOf(entries: readonly AuditEntry[]): string {
  return csvLines([
    header,
    ...entries.map((e) => [
      e.at,
      e.service,
      e.staff.id,
      e.staff.name,
      e.staff.role,
      e.action,
      e.patientId,
      e.orderId,
      e.subject,
      refsOf(e.refs),
      e.ip,
    ]),
  ]);
}

/** `audit-trail-2026-11-27.csv`: the day it was exported (UTC). */
export function auditCsvFileName(now: Date): string {
  return `audit-trail-${now.toISOString().slice(0, 10)}.csv`;
}
