/**
 * The reship wizard's steps (ReplacementRequestPage holds their state): the items to replace,
 * the reason, and the thank-you. The evidence step is EvidenceStep.
 */
import { formatUsDate, reshipMessages, reshipReasonMax } from '@clinic/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox } from '../ui';
import type { ShippedOrder } from './reshipApi';
import { reshipTexts } from './reshipTexts';

/** 1: the delivered items, by checkbox; Continue once one is chosen. */
export function ItemsStep({
  title,
  orders,
  chosen,
  onToggle,
  onContinue,
}: {
  title: ReactNode;
  orders: readonly ShippedOrder[];
  chosen: ReadonlySet<number>;
  onToggle(index: number, on: boolean): void;
  onContinue(): void;
}) {
  const none = chosen.size === 0;
  return (
    <form
      className="rs-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!none) onContinue();
      }}
    >
      {title}
      <p className="rs-lead">{reshipTexts.itemsLead}</p>
      <fieldset className="rs-items">
        <legend className="visually-hidden">Items to replace</legend>
        {orders.map((order, index) => (
          <Checkbox
            key={`${order.external_order_number}-${index}`}
            labelClassName={`rs-item${chosen.has(index) ? ' rs-item--chosen' : ''}`}
            checked={chosen.has(index)}
            onCheckedChange={(on) => onToggle(index, on)}
            label={
              <span className="rs-item__text">
                <span className="rs-item__name">{order.med_name}</span>
                <span className="rs-item__meta">
                  Order {order.external_order_number} ·{' '}
                  <span className="rs-item__keep">
                    Delivered {formatUsDate(order.delivered_at)}
                  </span>
                </span>
                <span className="rs-item__meta">
                  <span className="rs-item__keep">
                    Request by {formatUsDate(order.reship_until)}
                  </span>
                </span>
              </span>
            }
          />
        ))}
      </fieldset>
      {none && (
        <p className="rs-hint" id="rs-items-hint">
          {reshipMessages.selectItem}
        </p>
      )}
      <div className="rs-actions">
        <Button
          id="rs-continue"
          type="submit"
          disabled={none}
          aria-describedby={none ? 'rs-items-hint' : undefined}
        >
          Continue
        </Button>
      </div>
    </form>
  );
}

/** 2: why, in up to 1000 characters with a counter; Continue needs some text. */
export function ReasonStep({
  title,
  reason,
  onReason,
  onBack,
  onContinue,
}: {
  title: ReactNode;
  reason: string;
  onReason(reason: string): void;
  onBack(): void;
  onContinue(): void;
}) {
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  function continueFromReason(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(reshipMessages.enterReason);
      return;
    }
    setReasonError(null);
    onContinue();
  }

  return (
    <form className="rs-form" noValidate onSubmit={continueFromReason}>
      {title}
      <p className="rs-lead">{reshipTexts.reasonLead}</p>
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          Reason for your request
        </label>
        <textarea
          id={reasonId}
          className="field__input rs-reason"
          data-testid="rs-reason"
          rows={6}
          maxLength={reshipReasonMax}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${reasonId}-count${reasonError ? ` ${reasonId}-error` : ''}`}
          onChange={(event) => {
            onReason(event.target.value.slice(0, reshipReasonMax));
            if (reasonError && event.target.value.trim() !== '') setReasonError(null);
          }}
        />
        <p id={`${reasonId}-count`} className="rs-counter" aria-live="polite">
          {reason.length}/{reshipReasonMax}
        </p>
        {reasonError && (
          <p id={`${reasonId}-error`} className="field__error" role="alert">
            {reasonError}
          </p>
        )}
      </div>
      <div className="rs-actions">
        <Button id="rs-back" variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button id="rs-continue" type="submit">
          Continue
        </Button>
      </div>
    </form>
  );
}

/** 4: the thank-you and Go To Dashboard. */
export function DoneStep({ title, onDashboard }: { title: ReactNode; onDashboard(): void }) {
  return (
    <div className="rs-form rs-done">
      <span className="rs-done__icon" aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      {title}
      <p className="rs-done__text" data-testid="rs-thanks">
        {reshipMessages.thankYou}
      </p>
      <div className="rs-actions rs-actions--center">
        <Button id="rs-dashboard" onClick={onDashboard}>
          Go To Dashboard
        </Button>
      </div>
    </div>
  );
}
