import type { AuditAction } from '@clinic/contracts';
import { orderIdFromNumber, orderNumber, orderNumberHint } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, Field, FormMessage } from '../../ui';
import { auditQuery, type AuditQuery } from './clinicApi';
import { whenExact } from './format';
import { ConsoleEmpty } from '../ConsoleEmpty';
import '../record.css';
import './clinic.css';

const actionLabels: Record<AuditAction, string> = {
  'case.read': 'Read a case',
  'file.read': 'Opened a file',
  'fhir.read': 'Read the clinical record',
  'case.claim': 'Claimed',
  'case.release': 'Released',
  'case.approve': 'Approved',
  'case.deny': 'Denied',
  'case.request': 'Asked for more',
};

type FilterName = 'patientId' | 'orderId' | 'staffId';
const filterNames: [FilterName, string][] = [
  ['patientId', 'Patient id'],
  ['orderId', 'Order number'],
  ['staffId', 'Staff id'],
];

/** Entries per page. */
const PAGE_SIZE = 50;

/** "clinician" as "Clinician" (the console's role labels are the roles capitalised). */
const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * /console/audit-trail (admins): every staff read of health information and every decision,
 * newest first, filtered by patient, order or staff member; "Older" pages back with `next`.
 */
export function AuditTrailPage() {
  usePageTitle('Audit trail · Staff console');
  const [typed, setTyped] = useState<Record<FilterName, string>>({
    patientId: '',
    orderId: '',
    staffId: '',
  });
  const [invalid, setInvalid] = useState<FilterName | null>(null);
  const [filters, setFilters] = useState<Partial<Record<FilterName, number>>>({});
  // The pages read so far: each one's `before` (undefined for the newest).
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const query: AuditQuery = {
    ...filters,
    ...(before !== undefined ? { before } : {}),
    limit: PAGE_SIZE,
  };
  const trail = useQuery(auditQuery(query));

  function apply(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<FilterName, number>> = {};
    for (const [name] of filterNames) {
      const value = typed[name].trim();
      if (value === '') continue;
      // An order is found by its number however it is typed ("#1042", "GLP-1042").
      const id =
        name === 'orderId'
          ? orderIdFromNumber(value)
          : /^[1-9]\d{0,9}$/.test(value)
            ? Number(value)
            : null;
      if (id === null) return setInvalid(name);
      next[name] = id;
    }
    setInvalid(null);
    setFilters(next);
    setPages([undefined]);
  }

  return (
    <main className="console-page console-page--wide" data-console-section="audit-trail">
      <header className="console-page__head">
        <h1>Audit trail</h1>
        <p className="console-page__purpose">
          Every staff read of health information and every decision, newest first.
        </p>
      </header>
      <form className="at-filters" onSubmit={apply} aria-label="Filter the audit trail">
        {filterNames.map(([name, label]) => (
          <Field
            key={name}
            look="compact"
            label={label}
            inputMode={name === 'orderId' ? 'text' : 'numeric'}
            value={typed[name]}
            error={
              invalid === name
                ? name === 'orderId'
                  ? orderNumberHint
                  : 'A number, like 42.'
                : undefined
            }
            onValueChange={(value) => setTyped((t) => ({ ...t, [name]: value }))}
          />
        ))}
        <div className="at-filters__actions">
          <Button type="submit" size="small">
            Filter
          </Button>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setTyped({ patientId: '', orderId: '', staffId: '' });
              setInvalid(null);
              setFilters({});
              setPages([undefined]);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {trail.isPending ? (
        <p aria-busy="true">Loading the audit trail...</p>
      ) : trail.isError ? (
        <FormMessage kind="error">{trail.error.message}</FormMessage>
      ) : trail.data.entries.length === 0 ? (
        <ConsoleEmpty
          icon="shield"
          title="No entries"
          text="Nothing was recorded for these filters."
        />
      ) : (
        <div className="cq-wrap">
          <table className="at-table" aria-label="Audit trail">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Staff</th>
                <th scope="col">Action</th>
                <th scope="col">Order</th>
                <th scope="col">Patient</th>
                <th scope="col">Subject</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {trail.data.entries.map((e) => (
                <tr key={e.id} data-entry-id={e.id}>
                  <td data-label="Time">{whenExact(e.at)}</td>
                  <td data-label="Staff">
                    {e.staff.name} <span className="at-role">{roleLabel(e.staff.role)}</span>
                  </td>
                  <td data-label="Action">{actionLabels[e.action]}</td>
                  <td data-label="Order">{e.orderId === null ? '—' : orderNumber(e.orderId)}</td>
                  <td data-label="Patient">{e.patientId ?? '—'}</td>
                  <td data-label="Subject" className="at-subject">
                    {e.subject ?? '—'}
                  </td>
                  <td data-label="IP">{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="at-paging">
        {pages.length > 1 && (
          <Button variant="secondary" size="small" onClick={() => setPages((p) => p.slice(0, -1))}>
            Newer
          </Button>
        )}
        {typeof trail.data?.next === 'number' && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => setPages((p) => [...p, trail.data!.next!])}
          >
            Older
          </Button>
        )}
      </div>
    </main>
  );
}
