import { orderNumber } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormMessage } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { OrderSearchHeading } from '../OrderSearch';
import { SupportOrderList } from './AccountSummary';
import { orderSearchQuery } from './supportApi';

/**
 * An order support found by its number: the order and its refills and replacements, where each
 * stands and how it ships (no health data, as beside a chat); or plainly that no order has it.
 */
export function FoundOrder({ orderId }: { orderId: number }) {
  const found = useQuery(orderSearchQuery(orderId));
  if (found.isPending)
    return (
      <p className="console-page__purpose" aria-busy="true">
        Finding order {orderNumber(orderId)}...
      </p>
    );
  if (found.isError) return <FormMessage kind="error">{found.error.message}</FormMessage>;
  if (found.data.length === 0)
    return (
      <ConsoleEmpty
        icon="box"
        title={`No order ${orderNumber(orderId)}`}
        text="No order has this number. Ask the patient to read it from their order confirmation email or the Orders tab of their portal: it reads like #1042."
      />
    );
  return (
    <section className="sp-found" aria-label={`Order ${orderNumber(orderId)}`}>
      <OrderSearchHeading orderId={orderId} />
      <SupportOrderList orders={found.data} />
    </section>
  );
}
