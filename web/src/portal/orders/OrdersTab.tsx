/**
 * The portal's Orders tab, 'Order Tracking & Status Updates' (spec 002 sections 2 and 4): every
 * order, refill and reship of the patient, newest first, each a card with its main status, its
 * tracker (done, current, stopped, later), the links of the step the order stands at (every
 * next step is here, never only in an email: issue 26), the pharmacy's processing day, the
 * carrier's tracking link, the reship wizard while a delivered parcel's window is open, and the
 * invoice. The rules are the contracts' (rules/order-tracker); the data, GET /api/order-items
 * (orderItemsApi).
 *
 * Hooks for end-to-end tests: article.order-card[data-item-id][data-status], li[data-step]
 * [data-state], a.tracker__action, a.order-card__reship.
 */
import { orderNumber } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  carrierLink,
  formatUsDate,
  newestFirst,
  orderInvoiceHref,
  orderStatusLabel,
  processingDayText,
  reshipOffer,
  reshipRequestText,
  reshipTexts,
  trackerNote,
  trackerSteps,
  type OrderStatusLabel,
  type ProgressItem,
  type TrackerStep,
} from '@clinic/contracts';
import { Button } from '../../ui';
import type { OrderItemsQuery } from '../orderItemsApi';
import './orders.css';

export const ordersTexts = {
  title: 'Order Tracking & Status Updates',
  loading: 'Loading your orders...',
  loadFailed: 'We could not load your orders. Please try again.',
  empty: 'You have no orders yet.',
  emptyHint: 'Once you place an order, you can follow every step of it here.',
  refill: 'Refill',
  reship: 'Reship',
  invoice: 'View Invoice',
  progress: 'Order progress',
  stateText: (step: TrackerStep) =>
    step.state === 'done'
      ? 'completed'
      : step.state === 'later'
        ? 'not started yet'
        : step.state === 'stopped'
          ? 'ended here'
          : step.urgent
            ? 'current step, action needed'
            : 'current step, in progress',
} as const;

const statusTone: Record<OrderStatusLabel, string> = {
  'Needs Review': 'review',
  complete: 'complete',
  Processing: 'processing',
  Refunded: 'refunded',
};

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function UrgentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M12 6v7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.8" fill="currentColor" />
    </svg>
  );
}

function ReviewIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path
        d="M12 8.5V12l2.5 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

function StoppedIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M7 7l10 10M17 7L7 17"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

function StepIcon({ step }: { step: TrackerStep }) {
  if (step.state === 'done') return <CheckIcon />;
  if (step.state === 'stopped') return <StoppedIcon />;
  if (step.state === 'current') return step.urgent ? <UrgentIcon /> : <ReviewIcon />;
  return null;
}

function Tracker({ steps }: { steps: readonly TrackerStep[] }) {
  return (
    <ol className="tracker" aria-label={ordersTexts.progress}>
      {steps.map((step) => (
        <li
          key={step.key}
          className="tracker__step"
          data-step={step.key}
          data-state={step.state}
          data-urgent={step.urgent || undefined}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="tracker__icon" aria-hidden="true">
            <StepIcon step={step} />
          </span>
          <div className="tracker__body">
            <span className="tracker__title">
              {step.title}
              <span className="visually-hidden">: {ordersTexts.stateText(step)}</span>
            </span>
            {step.outcome && <span className="tracker__outcome">{step.outcome}</span>}
            {step.detail && <span className="tracker__detail">{step.detail}</span>}
            {step.actions.length > 0 && (
              <div className="tracker__actions">
                {step.actions.map((action, i) => (
                  <Link
                    key={action.href}
                    className={`button button--small tracker__action${i > 0 ? ' button--secondary' : ''}`}
                    to={action.href}
                  >
                    {action.label}
                  </Link>
                ))}
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A delivered parcel's replacement: the wizard while the window is open, the request's state. */
function ReshipFacts({ item, now }: { item: ProgressItem; now: Date }) {
  const offer = reshipOffer(item, now);
  const request = reshipRequestText(item);
  if (!offer && !request) return null;
  return (
    <div className="order-card__reship-box">
      {request && <p className="order-card__fact">{request}</p>}
      {offer && (
        <>
          <p className="order-card__fact">{reshipTexts.offer(formatUsDate(offer.until))}</p>
          <Link
            className="button button--small button--secondary order-card__reship"
            to={offer.action.href}
          >
            {offer.action.label}
          </Link>
        </>
      )}
    </div>
  );
}

function OrderCard({ item, now }: { item: ProgressItem; now: Date }) {
  const steps = trackerSteps(item);
  const label = orderStatusLabel(item.status);
  const note = trackerNote(item);
  const processing = processingDayText(item);
  const carrier = carrierLink(item);
  // A reship is not paid for: the payment the read model carries over is the original order's,
  // whose card links its invoice already.
  const invoice = item.kind === 'reship' ? null : orderInvoiceHref(item.payment_intent_id);
  const titleId = `order-${item.item_id}-title`;
  const kindLabel =
    item.kind === 'refill'
      ? ordersTexts.refill
      : item.kind === 'reship'
        ? ordersTexts.reship
        : null;

  return (
    <article
      className="card order-card"
      aria-labelledby={titleId}
      data-item-id={item.item_id}
      data-status={item.status}
      data-kind={item.kind}
    >
      <div className="order-card__summary">
        <header className="order-card__head">
          <div className="order-card__heading">
            {kindLabel && <p className="order-card__kind">{kindLabel}</p>}
            <h3 id={titleId} className="order-card__name">
              {item.product_name ?? 'Your order'}
              {kindLabel && <span className="visually-hidden"> ({kindLabel})</span>}
            </h3>
            <p className="order-card__meta">
              <span>Order {item.order_number ?? orderNumber(item.id)}</span>
              <span>
                Ordered <time dateTime={item.created_at}>{formatUsDate(item.created_at)}</time>
              </span>
            </p>
          </div>
          <span className={`order-card__status order-card__status--${statusTone[label]}`}>
            {label}
          </span>
        </header>

        {note && (
          <p className="order-card__note" data-tone={steps.some((s) => s.urgent) ? 'urgent' : ''}>
            {note}
          </p>
        )}
        {processing && <p className="order-card__fact">{processing}</p>}
        {carrier && (
          <p className="order-card__fact order-card__carrier">
            <span>Shipped with {carrier.carrier}</span>
            <a href={carrier.url} target="_blank" rel="noopener noreferrer">
              Track package {carrier.trackingNumber}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <ReshipFacts item={item} now={now} />
        {invoice && (
          <p className="order-card__links">
            <a className="order-card__invoice" href={invoice}>
              {ordersTexts.invoice}
              <span className="visually-hidden">
                {' '}
                for order {item.order_number ?? orderNumber(item.id)}
              </span>
            </a>
          </p>
        )}
      </div>
      <Tracker steps={steps} />
    </article>
  );
}

/** The Orders tab, on the portal's query of GET /api/order-items. The default export is what
 * the portal loads lazily. */
export function OrdersTab({ query }: { query: OrderItemsQuery }) {
  const { data, isPending, isError, refetch, isFetching } = useQuery(query);
  // The reship window is checked against the patient's clock when the list is drawn.
  const now = new Date();

  return (
    <div className="portal-panel orders">
      <h2 className="portal-panel__title">{ordersTexts.title}</h2>
      {isPending && (
        <p className="portal-panel__note" role="status">
          {ordersTexts.loading}
        </p>
      )}
      {isError && !data && (
        <div className="portal-panel__note portal-panel__note--error" role="alert">
          <p>{ordersTexts.loadFailed}</p>
          <Button
            variant="secondary"
            size="small"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      )}
      {data && data.orders.length === 0 && (
        <div className="card orders__empty">
          <p className="orders__empty-title">{ordersTexts.empty}</p>
          <p className="orders__empty-hint">{ordersTexts.emptyHint}</p>
        </div>
      )}
      {data && data.orders.length > 0 && (
        <ol className="orders__list">
          {newestFirst(data.orders).map((item) => (
            <li key={item.item_id}>
              <OrderCard item={item} now={now} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default OrdersTab;
