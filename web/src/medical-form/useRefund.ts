/**
 * Process Refund from the 'We Cannot Proceed' popup: first the confirmation with what the order
 * cost (read afresh), then the refund and /sorry with its message; a failure stays on the popup.
 */
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import type { PaidAmount } from './CannotProceedDialog';
import { readFormsOrder, requestRefund } from './formsApi';
import { clearLoaderState } from './loaderState';
import { clearProgress } from './progressStore';

export const refundFailedText =
  'We could not process your refund. Please try again or contact support.';

export function useRefund(formId: string, finished: RefObject<boolean>) {
  const navigate = useNavigate();
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  const [paid, setPaid] = useState<PaidAmount>(undefined);
  const [refundBusy, setRefundBusy] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);

  /** Process Refund: first the confirmation, with what the order cost (read afresh). */
  function askToRefund() {
    setConfirmingRefund(true);
    setRefundError(null);
    setPaid(undefined);
    readFormsOrder(formId).then(
      (order) => setPaid(order.paidCents),
      // The confirmation still says what happens, without the figure.
      () => setPaid(null),
    );
  }

  async function refund() {
    setRefundBusy(true);
    setRefundError(null);
    try {
      const message = await requestRefund(formId);
      finished.current = true;
      clearProgress(formId);
      clearLoaderState();
      void navigate(`/sorry?message=${encodeURIComponent(message)}`, { replace: true });
    } catch (error) {
      setRefundBusy(false);
      setRefundError(errorMessage(error, refundFailedText));
    }
  }

  function keep() {
    setConfirmingRefund(false);
    setRefundError(null);
  }

  return {
    confirming: confirmingRefund,
    paid,
    busy: refundBusy,
    error: refundError,
    ask: askToRefund,
    confirm: () => void refund(),
    keep,
  };
}
