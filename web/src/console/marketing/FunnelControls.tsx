import { funnelGroupings, funnelQuerySchema, type FunnelQuery } from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Field, Select } from '../../ui';
import { clinicDay } from './figures';

export const groupingLabels: Record<FunnelQuery['groupBy'], string> = {
  source: 'Source',
  medium: 'Medium',
  campaign: 'Campaign',
  offer: 'Offer',
  state: 'State',
};

const quickRanges = [7, 30, 90] as const;

/**
 * The range and grouping of the funnel: two dates (clinic days), a grouping and quick ranges.
 * Checked with the very schema the server checks with, so a range it would refuse never leaves.
 */
export function FunnelControls({
  query,
  onChange,
}: {
  query: FunnelQuery;
  onChange(query: FunnelQuery): void;
}) {
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const [error, setError] = useState<{ from?: string; to?: string }>({});

  function apply(next: FunnelQuery) {
    const checked = funnelQuerySchema.safeParse(next);
    if (!checked.success) {
      const of = (field: string) =>
        checked.error.issues.find((issue) => issue.path[0] === field)?.message;
      setError({ from: of('from'), to: of('to') });
      return;
    }
    setError({});
    setFrom(checked.data.from);
    setTo(checked.data.to);
    onChange(checked.data);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...query, from, to });
  };

  return (
    <form className="mk-controls" onSubmit={submit} aria-label="Funnel range and grouping">
      <Field
        look="compact"
        type="date"
        label="From"
        value={from}
        onValueChange={setFrom}
        error={error.from}
      />
      <Field
        look="compact"
        type="date"
        label="To"
        value={to}
        onValueChange={setTo}
        error={error.to}
      />
      <Select
        look="compact"
        label="Group by"
        value={query.groupBy}
        onValueChange={(groupBy) =>
          apply({ ...query, from, to, groupBy: groupBy as FunnelQuery['groupBy'] })
        }
      >
        {funnelGroupings.map((grouping) => (
          <option key={grouping} value={grouping}>
            {groupingLabels[grouping]}
          </option>
        ))}
      </Select>
      <Button type="submit" className="mk-controls__apply">
        Show
      </Button>
      <div className="mk-controls__quick" role="group" aria-label="Quick ranges">
        {quickRanges.map((days) => (
          <Button
            key={days}
            variant="secondary"
            size="small"
            onClick={() => {
              const now = new Date();
              apply({ ...query, from: clinicDay(now, days - 1), to: clinicDay(now) });
            }}
          >
            Last {days} days
          </Button>
        ))}
      </div>
    </form>
  );
}
