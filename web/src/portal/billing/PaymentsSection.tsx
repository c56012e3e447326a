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
 * (Download) and its itemised HSA/FSA receipt (issue 30) side by side. A table; on a
 * phone each payment is drawn as a card of two lines (billing.css), so the explicit table roles
 * keep the rows and their headers for screen readers whatever the CSS display (Safari drops a
 * table's own semantics once its parts are not displayed as table parts).
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
              {transactions.map((transaction) => (
                <tr key={transaction.id} role="row" data-transaction={transaction.transaction_id}>
                  <td role="cell" className="payments__date">
                    <time dateTime={transaction.created_at}>
                      {formatUsDate(transaction.created_at)}
                    </time>
                  </td>
                  <td role="cell" className="payments__amount">
                    {formatDollars(transaction.amount)}
                  </td>
                  <td role="cell" className="payments__state">
                    <span
                      className={`payments__status payments__status--${
                        transaction.status === 'success' ? 'ok' : 'other'
                      }`}
                    >
                      {transaction.status}
                    </span>
                  </td>
                  <td role="cell" className="payments__product">
                    {productOf(transaction)}
                  </td>
                  <td role="cell" className="payments__receipt">
                    <div className="payments__documents">
                      <button
                        type="button"
                        className="button button--secondary button--small payments__download"
                        disabled={downloading === transaction.transaction_id}
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
                        disabled={downloading === transaction.transaction_id}
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
              ))}
            </tbody>
          </table>
        </div>
      )}
      {transactions.length > 0 && <p className="payments__hint">{billingTexts.hsaHint}</p>}
    </Section>
  );
}
