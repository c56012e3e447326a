import {
  auditActions,
  orderIdFromNumber,
  orderNumberHint,
  type AuditAction,
} from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Field, Select } from '../../ui';
import { auditActionLabels } from './auditLabels';
import type { AuditFilter } from './clinicApi';

type IdName = 'staffId' | 'patientId' | 'orderId';
const idFields: [IdName, string][] = [
  ['staffId', 'Staff id'],
  ['patientId', 'Patient id'],
  ['orderId', 'Order number'],
];

interface Typed {
  staffId: string;
  patientId: string;
  orderId: string;
  action: string;
  from: string;
  to: string;
}
const blank: Typed = { staffId: '', patientId: '', orderId: '', action: '', from: '', to: '' };

type Invalid = IdName | 'to' | null;

/** The typed filters as the call takes them, or the first one that is not right. */
function filterOf(typed: Typed): { filter: AuditFilter } | { invalid: Invalid } {
  const filter: AuditFilter = {};
  for (const [name] of idFields) {
    const value = typed[name].trim();
    if (value === '') continue;
    // An order is found by its number however it is typed ("#1042", "GLP-1042").
    const id =
      name === 'orderId'
        ? orderIdFromNumber(value)
        : /^[1-9]\d{0,9}$/.test(value)
          ? Number(value)
          : null;
    if (id === null) return { invalid: name };
    filter[name] = id;
  }
  if (typed.action) filter.action = typed.action as AuditAction;
  if (typed.from) filter.from = typed.from;
  if (typed.to) filter.to = typed.to;
  if (typed.from && typed.to && typed.to < typed.from) return { invalid: 'to' };
  return { filter };
}

/** The audit trail's filters: person, patient, order, action and a range of days (UTC). */
export function AuditFilters({ onApply }: { onApply(filter: AuditFilter): void }) {
  const [typed, setTyped] = useState<Typed>(blank);
  const [invalid, setInvalid] = useState<Invalid>(null);
  const set = (name: keyof Typed) => (value: string) => setTyped((t) => ({ ...t, [name]: value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    const checked = filterOf(typed);
    if ('invalid' in checked) return setInvalid(checked.invalid);
    setInvalid(null);
    onApply(checked.filter);
  }

  return (
    <form className="at-filters" onSubmit={apply} aria-label="Filter the audit trail">
      {idFields.map(([name, label]) => (
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
          onValueChange={set(name)}
        />
      ))}
      <Select look="compact" label="Action" value={typed.action} onValueChange={set('action')}>
        <option value="">Every action</option>
        {auditActions.map((action) => (
          <option key={action} value={action}>
            {auditActionLabels[action]}
          </option>
        ))}
      </Select>
      <Field
        look="compact"
        type="date"
        label="From (UTC)"
        value={typed.from}
        onValueChange={set('from')}
      />
      <Field
        look="compact"
        type="date"
        label="To (UTC)"
        value={typed.to}
        error={invalid === 'to' ? 'The last day is before the first.' : undefined}
        onValueChange={set('to')}
      />
      <div className="at-filters__actions">
        <Button type="submit" size="small">
          Filter
        </Button>
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            setTyped(blank);
            setInvalid(null);
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
