import { useState } from 'react';
import {
  billingMessages,
  formatUsDate,
  paymentTermDisplay,
  type SubscriptionItem,
} from '@clinic/contracts';
import { Button, Section } from '../../ui';
import { billingTexts } from './billingFormat';
import { formatDollars } from '../../ui/money';

interface Props {
  subscriptions: SubscriptionItem[];
  onUpdateCard(): void;
  onPay(subscription: SubscriptionItem): void;
  onCancel(subscription: SubscriptionItem): void;
}

/** "Current Therapies": each plan with what its status allows, and Update Credit Card. */
export function TherapiesSection({ subscriptions, onUpdateCard, onPay, onCancel }: Props) {
  return (
    <Section
      className="billing__section"
      id="billing-therapies"
      titleClassName="billing__title"
      title={billingMessages.currentTherapies}
      headClassName="billing__head"
      action={
        <Button variant="secondary" size="small" onClick={onUpdateCard}>
          Update Credit Card
        </Button>
      }
    >
      {subscriptions.length === 0 ? (
        <p className="billing__empty">{billingTexts.noTherapies}</p>
      ) : (
        <ul className="therapies">
          {subscriptions.map((subscription) => (
            <Therapy
              key={subscription.id}
              subscription={subscription}
              onPay={() => onPay(subscription)}
              onCancel={() => onCancel(subscription)}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The product image (decorative: the plan name is next to it); a plain tile if it fails. */
function TherapyImage({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span className="therapy__image therapy__image--missing" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path d="M9 3h6M10 3v3M14 3v3M8 6h8v13a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2z" strokeWidth="2" />
          <path d="M8 11h8" strokeWidth="2" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className="therapy__image"
      src={src}
      alt=""
      width={72}
      height={72}
      loading="lazy"
      onError={() => setFailed(src)}
    />
  );
}

interface TherapyProps {
  subscription: SubscriptionItem;
  onPay(): void;
  onCancel(): void;
}

/** One therapy: image, plan, amount and term, and what its status allows (spec 001 section 4). */
function Therapy({ subscription, onPay, onCancel }: TherapyProps) {
  const { plan_name, status, amount, payment_terms, image, next_billing_date } = subscription;
  return (
    <li className="therapy" data-status={status}>
      <TherapyImage src={image} />
      <div className="therapy__body">
        <h3 className="therapy__name">{plan_name}</h3>
        <p className="therapy__price">
          <span className="therapy__amount">{formatDollars(amount)}</span>
          <span className="therapy__term">{paymentTermDisplay(payment_terms)}</span>
        </p>
        {status === 'active' && (
          <p className="therapy__next">
            Next payment:{' '}
            <time dateTime={next_billing_date}>{formatUsDate(next_billing_date)}</time>
          </p>
        )}
        {status === 'paused' && (
          <p className="therapy__badge therapy__badge--due">{billingMessages.pastDue}</p>
        )}
        {status === 'ended' && (
          <p className="therapy__badge therapy__badge--ended">{billingMessages.cancelledLabel}</p>
        )}
      </div>
      <div className="therapy__actions">
        {status === 'active' && (
          <button
            type="button"
            className="button button--secondary button--small therapy__cancel"
            aria-label={`Cancel Subscription: ${plan_name}`}
            onClick={onCancel}
          >
            Cancel Subscription
          </button>
        )}
        {status === 'paused' && (
          <button
            type="button"
            className="button button--small"
            aria-label={`Pay Now: ${plan_name}`}
            onClick={onPay}
          >
            Pay Now
          </button>
        )}
      </div>
    </li>
  );
}
