import type { CaseSummary } from '@clinic/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { drugLabel, monthsText, statusLabels, timeLeft, when } from './format';

/**
 * The cases of a tab, one row each: patient, state, drug, plan, the time left to the 24-hour
 * promise (or when it was decided), status, badges and who holds it. Arrow keys or j / k move
 * through the rows, Enter (or a click) opens one. On a tablet each row folds into two lines.
 */
export function CaseTable({
  cases,
  decided,
  onOpen,
  label,
}: {
  cases: readonly CaseSummary[];
  /** Decided cases show when they were decided instead of the time left. */
  decided: boolean;
  onOpen(orderId: number): void;
  /** The table's accessible name. */
  label: string;
}) {
  const [active, setActive] = useState(0);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const moved = useRef(false);
  const now = Date.now();

  useEffect(() => {
    if (active >= cases.length) setActive(Math.max(0, cases.length - 1));
  }, [active, cases.length]);

  useEffect(() => {
    if (moved.current) rows.current[active]?.focus();
    moved.current = false;
  }, [active]);

  // j / k anywhere on the page (outside a field) start the navigation at the current row.
  useEffect(() => {
    function onPageKey(event: globalThis.KeyboardEvent) {
      if (event.key !== 'j' && event.key !== 'k') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.closest('input, textarea, select, [contenteditable="true"]') ||
          target.closest('.cq tbody'))
      )
        return;
      event.preventDefault();
      rows.current[active]?.focus();
    }
    document.addEventListener('keydown', onPageKey);
    return () => document.removeEventListener('keydown', onPageKey);
  }, [active]);

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const step =
      event.key === 'ArrowDown' || event.key === 'j'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'k'
          ? -1
          : 0;
    if (step !== 0) {
      event.preventDefault();
      const next = Math.min(cases.length - 1, Math.max(0, active + step));
      moved.current = true;
      if (next === active) rows.current[next]?.focus();
      setActive(next);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moved.current = true;
      setActive(event.key === 'Home' ? 0 : cases.length - 1);
    } else if (event.key === 'Enter') {
      const summary = cases[active];
      if (summary) {
        event.preventDefault();
        onOpen(summary.orderId);
      }
    }
  }

  return (
    <div className="cq-wrap">
      <table className="cq" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">State</th>
            <th scope="col">Medication</th>
            <th scope="col">Plan</th>
            <th scope="col">{decided ? 'Decided' : 'Time left'}</th>
            <th scope="col">Status</th>
            <th scope="col">{decided ? 'Clinician' : 'Held by'}</th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {cases.map((summary, index) => {
            const left = timeLeft(summary.dueAt, now);
            return (
              <tr
                key={summary.orderId}
                ref={(row) => {
                  rows.current[index] = row;
                }}
                className="cq__row"
                tabIndex={index === active ? 0 : -1}
                data-order-id={summary.orderId}
                data-active={index === active || undefined}
                onFocus={() => setActive(index)}
                onClick={() => onOpen(summary.orderId)}
              >
                <th scope="row" className="cq__patient">
                  <span className="cq__name">{summary.patientName}</span>
                  <span className="cq__order">Order #{summary.orderId}</span>
                </th>
                <td className="cq__state">{summary.state}</td>
                <td className="cq__drug">{drugLabel(summary.drug)}</td>
                <td className="cq__plan">
                  {summary.plan}
                  <span className="cq__order">{monthsText(summary.paymentTerms)}</span>
                </td>
                <td className="cq__due">
                  {decided ? (
                    when(summary.decidedAt)
                  ) : left ? (
                    <span className={left.overdue ? 'cq__overdue' : undefined}>{left.text}</span>
                  ) : summary.videoRequired && !summary.videoReceived ? (
                    'Waiting for the video'
                  ) : (
                    '—'
                  )}
                </td>
                <td className="cq__status">
                  <span className={`cq-status cq-status--${summary.status}`}>
                    {statusLabels[summary.status]}
                  </span>
                  {summary.refillCheckIn && <span className="cq-badge">Refill check-in</span>}
                  {summary.adjustmentRequested && (
                    <span className="cq-badge">Adjustment requested</span>
                  )}
                </td>
                <td className="cq__holder">{summary.claimedBy?.name ?? 'Unclaimed'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
