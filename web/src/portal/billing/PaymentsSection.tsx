import { billingMessages, formatUsDate, type TransactionItem } from '@clinic/contracts';
import { Section } from '../../ui';
import { billingTexts, productOf } from './billingFormat';
import { formatDollars } from '../../ui/money';
import type { PaymentDocument } from './useBillingActions';

interface Props {
  transactions: TransactionItem[];
  /** The transaction whose invoice or HSA/FSA receipt is downloading. */
  downloading: string | null;
  onDownload(transaction: TransactionItem, document: PaymentDocument): void;
}

/** The clinic's own words for a declined charge (the spec has none). */
export const declinedTexts = {
  notCharged: 'Not charged',
  attempted: (amount: string) => `${amount} attempted`,
  noReceipt: 'No receipt',
} as const;

/** A subscription charge the card declined: listed, but nothing was paid and there is no receipt. */
function isDeclined(transaction: TransactionItem): boolean {
  return transaction.status === 'declined';
}

const iconProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/**
 * "Past Payments": date, amount, status, product and the receipt of each payment: its invoice
 * (Download) and its itemised HSA/FSA receipt (issue 30) side by side. A declined subscription
 * charge is listed too, as "Not charged" (with the amount that was tried) and without receipts.
 * A table; on a phone each payment is drawn as a card of two lines (billing.css), so the
 * explicit table roles keep the rows and their headers for screen readers whatever the CSS
 * display (Safari drops a table's own semantics once its parts are not displayed as table parts).
 */
export function PaymentsSection({ transactions, downloading, onDownload }: Props) {
  return (
    <Section
      className="billing__section"
      id="billing-payments"
      titleClassName="billing__title"
      title={billingMessages.pastPayments}
    >
      {transactions.length === 0 ? (
        <p className="billing__empty">{billingMessages.empty}</p>
      ) : (
        <div className="payments__scroll">
          <table className="payments" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Date
                </th>
                <th scope="col" role="columnheader">
                  Amount
                </th>
                <th scope="col" role="columnheader">
                  Status
                </th>
                <th scope="col" role="columnheader" className="payments__product">
                  Product
                </th>
                <th scope="col" role="columnheader">
                  Receipt
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {transactions.map((transaction) =>
                isDeclined(transaction) ? (
                  <DeclinedRow key={transaction.transaction_id} transaction={transaction} />
                ) : (
                  <PaymentRow
                    key={transaction.transaction_id}
                    transaction={transaction}
                    downloading={downloading === transaction.transaction_id}
                    onDownload={onDownload}
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {transactions.length > 0 && <p className="payments__hint">{billingTexts.hsaHint}</p>}
    </Section>
  );
}

function DateCell({ transaction }: { transaction: TransactionItem }) {
  return (
    <td role="cell" className="payments__date">
      <time dateTime={transaction.created_at}>{formatUsDate(transaction.created_at)}</time>
    </td>
  );
}

function StatusCell({ transaction, tone }: { transaction: TransactionItem; tone: 'ok' | 'other' }) {
  return (
    <td role="cell" className="payments__state">
      <span className={`payments__status payments__status--${tone}`}>{transaction.status}</span>
    </td>
  );
}

function ProductCell({ transaction }: { transaction: TransactionItem }) {
  return (
    <td role="cell" className="payments__product">
      {productOf(transaction)}
    </td>
  );
}

/** A payment: what was paid, and its invoice and HSA/FSA receipt. */
function PaymentRow({
  transaction,
  downloading,
  onDownload,
}: {
  transaction: TransactionItem;
  downloading: boolean;
  onDownload: Props['onDownload'];
}) {
  return (
    <tr role="row" data-transaction={transaction.transaction_id}>
      <DateCell transaction={transaction} />
      <td role="cell" className="payments__amount">
        {formatDollars(transaction.amount)}
      </td>
      <StatusCell
        transaction={transaction}
        tone={transaction.status === 'success' ? 'ok' : 'other'}
      />
      <ProductCell transaction={transaction} />
      <td role="cell" className="payments__receipt">
        <div className="payments__documents">
          <button
            type="button"
            className="button button--secondary button--small payments__download"
            disabled={downloading}
            aria-label={`Download receipt of ${formatUsDate(transaction.created_at)}, ${formatDollars(transaction.amount)}`}
            onClick={() => onDownload(transaction, 'invoice')}
          >
            <svg {...iconProps}>
              <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
            </svg>
            <span className="payments__download-text">Download</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small payments__download payments__hsa"
            disabled={downloading}
            aria-label={`Download HSA/FSA receipt of ${formatUsDate(transaction.created_at)}, ${formatDollars(transaction.amount)}`}
            onClick={() => onDownload(transaction, 'hsa-receipt')}
          >
            <svg {...iconProps}>
              <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" />
            </svg>
            <span className="payments__download-text">HSA/FSA receipt</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

/** A declined charge: "Not charged" with the amount that was tried, and no receipt to download. */
function DeclinedRow({ transaction }: { transaction: TransactionItem }) {
  return (
    <tr
      role="row"
      className="payments__row--declined"
      data-transaction={transaction.transaction_id}
      data-status="declined"
    >
      <DateCell transaction={transaction} />
      <td role="cell" className="payments__amount">
        <span className="payments__not-charged">{declinedTexts.notCharged}</span>
        <span className="payments__attempted">
          {declinedTexts.attempted(formatDollars(transaction.amount))}
        </span>
      </td>
      <StatusCell transaction={transaction} tone="other" />
      <ProductCell transaction={transaction} />
      <td role="cell" className="payments__receipt">
        <span className="payments__no-receipt" aria-hidden="true">
          —
        </span>
        <span className="visually-hidden">{declinedTexts.noReceipt}</span>
      </td>
    </tr>
  );
}
