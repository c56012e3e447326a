import { useState, type RefObject } from 'react';
import {
  billingMessages,
  cancelSubscription,
  processSubsPayment,
  updateCard,
  type SubscriptionItem,
  type TransactionItem,
} from '@clinic/contracts';
import { apiFetch } from '../api/client';
import { newIdempotencyKey } from '../checkout/idempotencyKey';
import { useToasts, type CardResult } from '../ui';
import { fetchInvoice, messageIn, saveBlob, serverMessage } from './billingApi';
import { billingTexts, productOf } from './billingFormat';
import type { BillingAddress } from './CardDialog';

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
 * a cancellation and a receipt download, with their running flags and the toasts they show.
 * The card submits resolve to null when done, or to the message the dialog shows.
 */
export function useBillingActions({ load, mounted, close }: Options) {
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const { toasts, show } = useToasts();

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
    close();
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
