import { orderNumber } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FormMessage } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { FindingOrder, OrderSearchHeading } from '../OrderSearch';
import { SupportOrderList } from './AccountSummary';
import { inboxPath, patientPath } from './paths';
import { accountQuery, orderSearchQuery } from './supportApi';

/**
 * Whose order it is: the patient's name and email, and the way to them in this inbox (their
 * conversation with the account beside it, or their account alone before they ever wrote). The
 * search (`typed`) travels with the link, so the found order stays in view.
 */
function FoundPatient({ userId, typed }: { userId: number; typed: string }) {
  const account = useQuery(accountQuery(userId));
  if (account.isPending)
    return (
      <p className="sp-muted" aria-busy="true">
        Loading the patient...
      </p>
    );
  if (account.isError) return <FormMessage kind="error">{account.error.message}</FormMessage>;
  const { participant, email, conversationId } = account.data;
  return (
    <div className="sp-found__patient">
      <p className="sp-account__who">
        <span className="sp-account__name" data-testid="found-patient">
          {participant.name}
        </span>
        <span className="sp-muted sp-account__email">{email}</span>
      </p>
      <Link
        className="button button--small button--secondary sp-found__open"
        to={
          conversationId === null
            ? patientPath(userId, typed)
            : inboxPath(conversationId, 'waiting', typed)
        }
      >
        {conversationId === null ? 'Open their account' : 'Open their chat and account'}
      </Link>
    </div>
  );
}

/**
 * An order support found by its number: whose it is (name, and a link to their chat or account),
 * the order and its refills and replacements, where each stands and how it ships, and any
 * replacement request (no health data, as beside a chat); or plainly that no order has it.
 */
export function FoundOrder({ orderId, typed }: { orderId: number; typed: string }) {
  const found = useQuery(orderSearchQuery(orderId));
  if (found.isPending) return <FindingOrder orderId={orderId} />;
  if (found.isError) return <FormMessage kind="error">{found.error.message}</FormMessage>;
  const { orders, userId } = found.data;
  if (orders.length === 0 || userId === null)
    return (
      <ConsoleEmpty
        icon="box"
        title={`No order ${orderNumber(orderId)}`}
        text="No order has this number. Ask the patient to read it from their order confirmation email or the Orders tab of their portal: it reads like #1042."
      />
    );
  return (
    <section className="sp-found" aria-label={`Order ${orderNumber(orderId)}`}>
      <OrderSearchHeading orderId={orderId} detail={orders[0]!.statusLabel} />
      <FoundPatient userId={userId} typed={typed} />
      <SupportOrderList orders={orders} />
    </section>
  );
}
