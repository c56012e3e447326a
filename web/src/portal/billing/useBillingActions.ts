import { useState, type RefObject } from 'react';
import {
  billingMessages,
  cancelSubscription,
  processSubsPayment,
  updateCard,
  type SubscriptionItem,
  type TransactionItem,
} from '@clinic/contracts';
import { callApi, toApiError } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotencyKey';
import { useToasts, type CardResult } from '../../ui';
import { fetchHsaReceipt, fetchInvoice, saveBlob } from './billingApi';
import { billingTexts, productOf } from './billingFormat';
import type { BillingAddress } from './CardDialog';

/** The message of an answer that says `status: 'error'` (spec 001 section 4), when not blank. */
function said(answer: { message: string }): string | null {
  return answer.message.trim() !== '' ? answer.message : null;
}

/** The PDFs a payment has: its invoice, and its receipt for an HSA or FSA administrator. */
export type PaymentDocument = 'invoice' | 'hsa-receipt';

const documents: Record<
  PaymentDocument,
  { fetch(transaction: TransactionItem): Promise<Blob>; filename(id: string): string }
> = {
  invoice: {
    fetch: (transaction) => fetchInvoice(transaction.transaction_id, productOf(transaction)),
    filename: (id) => `invoice-${id}.pdf`,
  },
  'hsa-receipt': {
    fetch: (transaction) => fetchHsaReceipt(transaction.transaction_id),
    filename: (id) => `hsa-fsa-receipt-${id}.pdf`,
  },
};

function cardDetails(card: CardResult) {
  return { brand: card.brand, last4: card.last4 };
}

interface Options {
  /** Reloads the lists after a change (`false`: keeps what is shown if it fails). */
  load(initial: false): Promise<void>;
  /** Whether the tab is still on screen. */
  mounted: RefObject<boolean>;
  /** Closes the open dialog. */
  close(): void;
}

/**
 * What the Billing tab sends (spec 001 sections 4, 5, 7 and 8): a new card, a past-due payment,
 * a cancellation and a download (invoice or HSA/FSA receipt), with their running flags and the
 * toasts they show.
 * The card submits resolve to null when done, or to the message the dialog shows.
 */
export function useBillingActions({ load, mounted, close }: Options) {
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const { toasts, show } = useToasts();

  async function submitUpdateCard(card: CardResult, billingAddress: BillingAddress) {
    try {
      const answer = await callApi(updateCard, {
        body: { token: card.token, details: cardDetails(card), billingAddress },
      });
      if (answer.status === 'error') return said(answer) ?? billingTexts.cardUpdateFailed;
    } catch (failure) {
      return toApiError(failure).serverMessage ?? billingTexts.cardUpdateFailed;
    }
    close();
    show('success', billingMessages.cardUpdated);
    return null;
  }

  async function submitPayment(
    subscription: SubscriptionItem,
    card: CardResult,
    billingAddress: BillingAddress,
  ) {
    try {
      const answer = await callApi(processSubsPayment, {
        // One key per attempt: a repeated request never charges twice.
        headers: { 'Idempotency-Key': newIdempotencyKey() },
        body: {
          token: card.token,
          details: cardDetails(card),
          billingAddress,
          subscription_id: subscription.id,
          amount: subscription.amount,
        },
      });
      if (answer.status !== 'success') {
        return billingMessages.paymentError(said(answer) ?? billingMessages.paymentFailed);
      }
    } catch (thrown) {
      // A 2xx the contract refuses is a failed payment; anything else failed to process.
      const failure = toApiError(thrown);
      return billingMessages.paymentError(
        failure.serverMessage ??
          (failure.kind === 'malformed'
            ? billingMessages.paymentFailed
            : billingMessages.paymentProcessingFailed),
      );
    }
    close();
    show('success', billingMessages.paymentProcessed);
    void load(false);
    return null;
  }

  async function confirmCancel(subscription: SubscriptionItem, reasons: string[]) {
    if (cancelling) return;
    setCancelling(true);
    let failure: string | null = null;
    try {
      const answer = await callApi(cancelSubscription, {
        body: { reason: reasons, reccomend: null, subs_id: subscription.id },
      });
      // Spec 001 section 4: an error status means failure.
      if (answer.status === 'error') failure = said(answer) ?? billingMessages.cancelFailed;
    } catch (thrown) {
      failure = toApiError(thrown).serverMessage ?? billingMessages.cancelFailed;
    }
    if (!mounted.current) return;
    setCancelling(false);
    close();
    if (failure) {
      show('error', billingMessages.errorPrefix(failure));
      return;
    }
    show('success', billingMessages.cancelled);
    void load(false);
  }

  async function download(transaction: TransactionItem, document: PaymentDocument = 'invoice') {
    if (downloading) return;
    setDownloading(transaction.transaction_id);
    try {
      const blob = await documents[document].fetch(transaction);
      saveBlob(blob, documents[document].filename(transaction.transaction_id));
    } catch (failure) {
      show('error', toApiError(failure).serverMessage ?? billingTexts.invoiceFailed);
    } finally {
      if (mounted.current) setDownloading(null);
    }
  }

  return {
    cancelling,
    downloading,
    toasts,
    submitUpdateCard,
    submitPayment,
    confirmCancel,
    download,
  };
}
