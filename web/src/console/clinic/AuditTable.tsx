import { orderNumber, type AuditEntry } from '@clinic/contracts';
import { auditActionLabels, auditServiceLabels } from './auditLabels';
import { whenExact } from './format';

/** "clinician" as "Clinician" (the console's role labels are the roles capitalised). */
const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** What a line concerns beyond its order and patient: the subject, or the service's own ids. */
function subjectOf(entry: AuditEntry): string {
  const refs = Object.entries(entry.refs).map(([name, id]) => `${name} ${id}`);
  return [entry.subject, ...refs].filter(Boolean).join(' · ') || '—';
}

/** One page of the merged trail: each line with the part of the clinic that recorded it. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="cq-wrap">
      <table className="at-table" aria-label="Audit trail">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Where</th>
            <th scope="col">Staff</th>
            <th scope="col">Action</th>
            <th scope="col">Order</th>
            <th scope="col">Patient</th>
            <th scope="col">Subject</th>
            <th scope="col">IP</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={`${e.service}-${e.id}`} data-entry={`${e.service}-${e.id}`}>
              <td data-label="Time">{whenExact(e.at)}</td>
              <td data-label="Where">{auditServiceLabels[e.service]}</td>
              <td data-label="Staff">
                {e.staff.name ?? `Staff #${e.staff.id}`}{' '}
                <span className="at-role">{roleLabel(e.staff.role)}</span>
              </td>
              <td data-label="Action">{auditActionLabels[e.action]}</td>
              <td data-label="Order">{e.orderId === null ? '—' : orderNumber(e.orderId)}</td>
              <td data-label="Patient">{e.patientId ?? '—'}</td>
              <td data-label="Subject" className="at-subject">
                {subjectOf(e)}
              </td>
              <td data-label="IP">{e.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
