import { useCallback, useState } from 'react';
import { billingMessages, dollarsToCents, type SubscriptionItem } from '@clinic/contracts';
import { Button, ToastRegion } from '../../ui';
import { billingTexts } from './billingFormat';
import { formatDollars } from '../../ui/money';
import { CancelConfirmDialog, CancelReasonsDialog } from './CancelDialogs';
import { CardDialog } from './CardDialog';
import { PaymentsSection } from './PaymentsSection';
import { TherapiesSection } from './TherapiesSection';
import { useBillingActions } from './useBillingActions';
import { useBillingLists } from './useBillingLists';
import '../portal.css';
import './billing.css';

export { billingTexts } from './billingFormat';
export { formatDollars } from '../../ui/money';

/** The dialog open over the tab, if any. */
type Open =
  | null
  | { kind: 'update-card' }
  | { kind: 'pay'; subscription: SubscriptionItem }
  | { kind: 'cancel-reasons'; subscription: SubscriptionItem }
  | { kind: 'cancel-confirm'; subscription: SubscriptionItem; reasons: string[] };

/**
 * The portal's Billing tab (spec 001 sections 2, 4, 5, 7 and 8): Current Therapies, Past
 * Payments with receipts, Update Credit Card, Pay Now for a past-due subscription, and the
 * cancellation of an active one. The lists load in useBillingLists; what is sent, in
 * useBillingActions.
 */
export function BillingTab() {
  const { lists, load, mounted } = useBillingLists();
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const actions = useBillingActions({ load, mounted, close });

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
          <Button variant="secondary" size="small" onClick={() => void load(true)}>
            Try again
          </Button>
        </div>
      )}
      {lists.kind === 'ready' && (
        <>
          <TherapiesSection
            subscriptions={lists.subscriptions}
            onUpdateCard={() => setOpen({ kind: 'update-card' })}
            onPay={(subscription) => setOpen({ kind: 'pay', subscription })}
            onCancel={(subscription) => setOpen({ kind: 'cancel-reasons', subscription })}
          />
          <PaymentsSection
            transactions={lists.transactions}
            downloading={actions.downloading}
            onDownload={(transaction, document) => void actions.download(transaction, document)}
          />
        </>
      )}

      {open?.kind === 'update-card' && (
        <CardDialog
          title="Update Card"
          submitLabel="Update Card"
          amountCents={0}
          onSubmit={actions.submitUpdateCard}
          onClose={close}
        />
      )}
      {open?.kind === 'pay' && (
        <CardDialog
          title="Process Payment"
          description={`${open.subscription.plan_name}, past due: ${formatDollars(open.subscription.amount)}`}
          submitLabel={`Pay ${formatDollars(open.subscription.amount)} Now`}
          amountCents={dollarsToCents(open.subscription.amount)}
          onSubmit={(card, address) => actions.submitPayment(open.subscription, card, address)}
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
          busy={actions.cancelling}
          onYes={() => void actions.confirmCancel(open.subscription, open.reasons)}
          onClose={close}
        />
      )}
      <ToastRegion toasts={actions.toasts} />
    </div>
  );
}
