import { useCallback, useEffect, useRef, useState } from 'react';
import {
  billingMessages,
  cancelSubscription,
  dollarsToCents,
  paymentTermDisplay,
  processSubsPayment,
  updateCard,
  type SubscriptionItem,
  type TransactionItem,
} from '@clinic/contracts';
import { apiFetch } from '../api/client';
import { newIdempotencyKey } from '../checkout/idempotencyKey';
import { formatUsd } from '../checkout/money';
import {
  datePart,
  fetchInvoice,
  loadBillingLists,
  messageIn,
  saveBlob,
  serverMessage,
  type BillingLists,
} from './billingApi';
import { CancelConfirmDialog, CancelReasonsDialog } from './CancelDialogs';
import { CardDialog, type BillingAddress } from './CardDialog';
import { ToastRegion, useToasts, type CardResult } from '../ui';
import './portal.css';

/** The clinic's own texts for what the spec leaves out. */
export const billingTexts = {
  loadFailed: 'We could not load your billing information.',
  noTherapies: 'You have no therapies yet.',
  cardUpdateFailed: 'We could not update your card. Please try again.',
  invoiceFailed: 'We could not download this receipt. Please try again.',
  defaultProduct: 'Subscription',
} as const;

type Lists = { kind: 'loading' } | { kind: 'failed' } | ({ kind: 'ready' } & BillingLists);

type Open =
  | null
  | { kind: 'update-card' }
  | { kind: 'pay'; subscription: SubscriptionItem }
  | { kind: 'cancel-reasons'; subscription: SubscriptionItem }
  | { kind: 'cancel-confirm'; subscription: SubscriptionItem; reasons: string[] };

/** Dollars to "$1,349.82" (2 decimals, spec 001 section 2). */
export function formatDollars(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}

function cardDetails(card: CardResult) {
  return { brand: card.brand, last4: card.last4 };
}

/**
 * The portal's Billing tab (spec 001 sections 2, 4, 5, 7 and 8): Current Therapies, Past
 * Payments with receipts, Update Credit Card, Pay Now for a past-due subscription, and the
 * cancellation of an active one.
 */
export function BillingTab() {
  const [lists, setLists] = useState<Lists>({ kind: 'loading' });
  const [open, setOpen] = useState<Open>(null);
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const { toasts, show } = useToasts();
  const loadSeq = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Loads both lists; a newer load wins over an older one still running. */
  const load = useCallback(async (initial: boolean) => {
    const seq = ++loadSeq.current;
    if (initial) setLists({ kind: 'loading' });
    try {
      const loaded = await loadBillingLists();
      if (mounted.current && seq === loadSeq.current) setLists({ kind: 'ready', ...loaded });
    } catch {
      // A reload after a change keeps what is shown; only a first load shows the failure.
      if (mounted.current && seq === loadSeq.current && initial) setLists({ kind: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load(true);
  }, [load]);

  const close = useCallback(() => setOpen(null), []);

  async function submitUpdateCard(card: CardResult, billingAddress: BillingAddress) {
    try {
      const answer = await apiFetch(updateCard.path, {
        method: 'POST',
        json: { token: card.token, details: cardDetails(card), billingAddress },
      });
      if ((answer as { status?: unknown } | undefined)?.status === 'error') {
        return messageIn(answer) ?? billingTexts.cardUpdateFailed;
      }
    } catch (failure) {
      return serverMessage(failure) ?? billingTexts.cardUpdateFailed;
    }
    setOpen(null);
    show('success', billingMessages.cardUpdated);
    return null;
  }

  async function submitPayment(
    subscription: SubscriptionItem,
    card: CardResult,
    billingAddress: BillingAddress,
  ) {
    try {
      const answer = await apiFetch(processSubsPayment.path, {
        method: 'POST',
        // One key per attempt: a repeated request never charges twice.
        headers: { 'Idempotency-Key': newIdempotencyKey() },
        json: {
          token: card.token,
          details: cardDetails(card),
          billingAddress,
          subscription_id: subscription.id,
          amount: subscription.amount,
        },
      });
      if ((answer as { status?: unknown } | undefined)?.status !== 'success') {
        return billingMessages.paymentError(messageIn(answer) ?? billingMessages.paymentFailed);
      }
    } catch (failure) {
      return billingMessages.paymentError(
        serverMessage(failure) ?? billingMessages.paymentProcessingFailed,
      );
    }
    setOpen(null);
    show('success', billingMessages.paymentProcessed);
    void load(false);
    return null;
  }

  async function confirmCancel(subscription: SubscriptionItem, reasons: string[]) {
    if (cancelling) return;
    setCancelling(true);
    let failure: string | null = null;
    try {
      const answer = await apiFetch(cancelSubscription.path, {
        method: 'POST',
        json: { reason: reasons, reccomend: null, subs_id: subscription.id },
      });
      // Spec 001 section 4: an error status means failure.
      if ((answer as { status?: unknown } | undefined)?.status === 'error') {
        failure = messageIn(answer) ?? billingMessages.cancelFailed;
      }
    } catch (thrown) {
      failure = serverMessage(thrown) ?? billingMessages.cancelFailed;
    }
    if (!mounted.current) return;
    setCancelling(false);
    setOpen(null);
    if (failure) {
      show('error', billingMessages.errorPrefix(failure));
      return;
    }
    show('success', billingMessages.cancelled);
    void load(false);
  }

  async function download(transaction: TransactionItem) {
    if (downloading) return;
    setDownloading(transaction.transaction_id);
    try {
      const blob = await fetchInvoice(transaction.transaction_id, productOf(transaction));
      saveBlob(blob, `invoice-${transaction.transaction_id}.pdf`);
    } catch (failure) {
      show('error', serverMessage(failure) ?? billingTexts.invoiceFailed);
    } finally {
      if (mounted.current) setDownloading(null);
    }
  }

  return (
    <div className="billing">
      {lists.kind === 'loading' && (
        <p className="billing__note" role="status">
          {billingMessages.loading}
        </p>
      )}
      {lists.kind === 'failed' && (
        <div className="billing__note billing__note--error" role="alert">
          <p>{billingTexts.loadFailed}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void load(true)}
          >
            Try again
          </button>
        </div>
      )}
      {lists.kind === 'ready' && (
        <>
          <section className="card billing__section" aria-labelledby="billing-therapies">
            <div className="billing__head">
              <h2 id="billing-therapies" className="billing__title">
                {billingMessages.currentTherapies}
              </h2>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setOpen({ kind: 'update-card' })}
              >
                Update Credit Card
              </button>
            </div>
            {lists.subscriptions.length === 0 ? (
              <p className="billing__empty">{billingTexts.noTherapies}</p>
            ) : (
              <ul className="therapies">
                {lists.subscriptions.map((subscription) => (
                  <Therapy
                    key={subscription.id}
                    subscription={subscription}
                    onPay={() => setOpen({ kind: 'pay', subscription })}
                    onCancel={() => setOpen({ kind: 'cancel-reasons', subscription })}
                  />
                ))}
              </ul>
            )}
          </section>

          <section className="card billing__section" aria-labelledby="billing-payments">
            <h2 id="billing-payments" className="billing__title">
              {billingMessages.pastPayments}
            </h2>
            {lists.transactions.length === 0 ? (
              <p className="billing__empty">{billingMessages.empty}</p>
            ) : (
              <div className="payments__scroll">
                <table className="payments">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="payments__product">
                        Product
                      </th>
                      <th scope="col">Receipt</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lists.transactions.map((transaction) => (
                      <tr key={transaction.id} data-transaction={transaction.transaction_id}>
                        <td>
                          <time dateTime={datePart(transaction.created_at)}>
                            {datePart(transaction.created_at)}
                          </time>
                        </td>
                        <td className="payments__amount">{formatDollars(transaction.amount)}</td>
                        <td>
                          <span
                            className={`payments__status payments__status--${
                              transaction.status === 'success' ? 'ok' : 'other'
                            }`}
                          >
                            {transaction.status}
                          </span>
                        </td>
                        <td className="payments__product">{productOf(transaction)}</td>
                        <td>
                          <button
                            type="button"
                            className="button button--secondary button--small payments__download"
                            disabled={downloading === transaction.transaction_id}
                            aria-label={`Download receipt of ${datePart(transaction.created_at)}, ${formatDollars(transaction.amount)}`}
                            onClick={() => void download(transaction)}
                          >
                            <svg
                              width="18"
                              height="18"
                              viewBox="0 0 24 24"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="2"
                              strokeLinecap="round"
                              strokeLinejoin="round"
                              aria-hidden="true"
                            >
                              <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
                            </svg>
                            <span className="payments__download-text">Download</span>
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}

      {open?.kind === 'update-card' && (
        <CardDialog
          title="Update Card"
          submitLabel="Update Card"
          amountCents={0}
          onSubmit={submitUpdateCard}
          onClose={close}
        />
      )}
      {open?.kind === 'pay' && (
        <CardDialog
          title="Process Payment"
          description={`${open.subscription.plan_name}, past due: ${formatDollars(open.subscription.amount)}`}
          submitLabel={`Pay ${formatDollars(open.subscription.amount)} Now`}
          amountCents={dollarsToCents(open.subscription.amount)}
          onSubmit={(card, address) => submitPayment(open.subscription, card, address)}
          onClose={close}
        />
      )}
      {open?.kind === 'cancel-reasons' && (
        <CancelReasonsDialog
          planName={open.subscription.plan_name}
          onContinue={(reasons) =>
            setOpen({ kind: 'cancel-confirm', subscription: open.subscription, reasons })
          }
          onClose={close}
        />
      )}
      {open?.kind === 'cancel-confirm' && (
        <CancelConfirmDialog
          busy={cancelling}
          onYes={() => void confirmCancel(open.subscription, open.reasons)}
          onClose={close}
        />
      )}
      <ToastRegion toasts={toasts} />
    </div>
  );
}

function productOf(transaction: TransactionItem): string {
  return transaction.product_name.trim() || billingTexts.defaultProduct;
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
            <time dateTime={datePart(next_billing_date)}>{datePart(next_billing_date)}</time>
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
