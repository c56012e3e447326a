import { supportReshipLabels, type ChatParticipant, type SupportOrder } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormMessage } from '../../ui';
import { dayOf } from './format';
import { patientOrdersQuery } from './supportApi';

const kindNotes: Record<SupportOrder['kind'], string | null> = {
  first: null,
  refill: 'Refill',
  reship: 'Reship',
};

/**
 * Orders as support reads them out: product, number, day, status and tracking, and a delivered
 * parcel's replacement request (pending, approved or refused).
 */
export function SupportOrderList({ orders }: { orders: readonly SupportOrder[] }) {
  return (
    <ul className="sp-orders">
      {orders.map((order) => (
        <li key={order.itemId} className="sp-order" data-item-id={order.itemId}>
          <span className="sp-order__name">
            {order.productName ?? 'Order'}
            {kindNotes[order.kind] && (
              <span className="sp-order__kind"> · {kindNotes[order.kind]}</span>
            )}
          </span>
          <span className="sp-order__meta">
            Order {order.orderNumber} · {dayOf(order.createdAt)}
          </span>
          <span className={`cq-status sp-order__status sp-order__status--${order.status}`}>
            {order.statusLabel}
          </span>
          {order.reshipRequest && (
            <span
              className={`sp-order__reship sp-order__reship--${order.reshipRequest}`}
              data-testid="reship-request"
            >
              {supportReshipLabels[order.reshipRequest]}
            </span>
          )}
          {order.trackingNumber && (
            <span className="sp-order__tracking">
              {order.carrier ? `${order.carrier} ` : ''}
              {order.trackingNumber}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function PatientOrders({ userId }: { userId: number }) {
  const orders = useQuery(patientOrdersQuery(userId));
  if (orders.isPending)
    return (
      <p className="sp-muted" aria-busy="true">
        Loading orders...
      </p>
    );
  if (orders.isError) return <FormMessage kind="error">{orders.error.message}</FormMessage>;
  if (orders.data.length === 0) return <p className="sp-muted">No orders yet.</p>;
  return <SupportOrderList orders={orders.data} />;
}

/**
 * Beside the conversation: who the person is to the clinic. A patient's orders and where each
 * stands (no prescription or health data: support does not see them); a visitor has no account.
 */
export function AccountSummary({
  participant,
  email,
}: {
  participant: ChatParticipant;
  email: string;
}) {
  return (
    <aside className="sp-account" aria-labelledby="sp-account-title">
      <h2 id="sp-account-title" className="sp-account__title">
        Account
      </h2>
      <p className="sp-account__who">
        <span className="sp-account__name">{participant.name}</span>
        <span className="sp-muted sp-account__email">{email}</span>
      </p>
      {participant.kind === 'visitor' ? (
        <p className="sp-muted" data-testid="visitor-note">
          Visitor — no account
        </p>
      ) : (
        <>
          <h3 className="sp-account__sub">Orders</h3>
          <PatientOrders userId={participant.id} />
        </>
      )}
    </aside>
  );
}
