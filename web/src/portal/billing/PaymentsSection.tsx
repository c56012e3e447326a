import { billingMessages, formatUsDate, type TransactionItem } from '@clinic/contracts';
import { Section } from '../../ui';
import { productOf } from './billingFormat';
import { formatDollars } from '../../ui/money';

interface Props {
  transactions: TransactionItem[];
  /** The transaction whose receipt is downloading. */
  downloading: string | null;
  onDownload(transaction: TransactionItem): void;
}

/**
 * "Past Payments": date, amount, status, product and the receipt of each payment. A table; on a
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
                    <button
                      type="button"
                      className="button button--secondary button--small payments__download"
                      disabled={downloading === transaction.transaction_id}
                      aria-label={`Download receipt of ${formatUsDate(transaction.created_at)}, ${formatDollars(transaction.amount)}`}
                      onClick={() => onDownload(transaction)}
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
    </Section>
  );
}
