import { orderNumber, type ShipmentFilter, type ShipmentSummary } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage } from '../../ui';
import { cutoffBanner } from './format';
import { ConsoleEmpty } from '../ConsoleEmpty';
import {
  FindingOrder,
  OrderSearch,
  OrderSearchHeading,
  OrderSearchResult,
  useOrderSearch,
} from '../OrderSearch';
import { orderShipmentsQuery, shipmentsQuery } from './pharmacyApi';
import { ShipmentTable } from './ShipmentTable';
import '../record.css';
import './pharmacy.css';

/** A shipment opened from a list stays under that list's section. */
export const shipmentPath = (section: Section, shipmentId: number) =>
  `/console/${section}/${shipmentId}`;

/** Oldest first: the longest wait at the top (those without a time last). */
function oldestFirst(shipments: readonly ShipmentSummary[]): ShipmentSummary[] {
  const key = (s: ShipmentSummary) => Date.parse(s.readyAt ?? '') || Number.MAX_SAFE_INTEGER;
  return [...shipments].sort((a, b) => key(a) - key(b) || a.shipmentId - b.shipmentId);
}

type Section = 'orders-to-place' | 'shipments';

/** Every shipment of the order searched for, whatever its step, opened under this section. */
function OrderShipments({ orderId, section }: { orderId: number; section: Section }) {
  const navigate = useNavigate();
  const found = useQuery(orderShipmentsQuery(orderId));
  if (found.isPending) return <FindingOrder orderId={orderId} />;
  if (found.isError) return <FormMessage kind="error">{found.error.message}</FormMessage>;
  const { shipments } = found.data;
  if (shipments.length === 0)
    return (
      <ConsoleEmpty
        icon="box"
        title={`No shipment for order ${orderNumber(orderId)}`}
        text="No shipment has this order number. An order reaches the pharmacy once the patient accepts its prescription; check the number with the patient."
      />
    );
  return (
    <>
      <OrderSearchHeading
        orderId={orderId}
        detail={`${shipments.length} ${shipments.length === 1 ? 'shipment' : 'shipments'}`}
      />
      <ShipmentTable
        shipments={shipments}
        placing={false}
        label={`Shipments of order ${orderNumber(orderId)}`}
        onOpen={(id) => void navigate(shipmentPath(section, id))}
      />
    </>
  );
}

/**
 * The search over a pharmacy list: while one is asked, the order's shipments replace the list
 * (`children`); an address whose number is no order number says how one reads.
 */
function Searchable({ section, children }: { section: Section; children: ReactNode }) {
  const search = useOrderSearch();
  return (
    <>
      <OrderSearch state={search} />
      <OrderSearchResult
        state={search}
        list={children}
        found={(orderId) => <OrderShipments orderId={orderId} section={section} />}
      />
    </>
  );
}

/**
 * /console/orders-to-place: the shipments ready for the pharmacy, oldest first, under the
 * same-day cut-off as it stands now; or the shipments of an order found by its number.
 */
export function OrdersToPlacePage() {
  usePageTitle('Orders to place · Staff console');
  return (
    <main className="console-page console-page--wide" data-console-section="orders-to-place">
      <header className="console-page__head">
        <h1>Orders to place</h1>
        <p className="console-page__purpose">
          Place each approved prescription with the pharmacy, oldest first. Use ↑ ↓ or j k to move
          through the orders and Enter to open one.
        </p>
      </header>
      <Searchable section="orders-to-place">
        <PlacingQueue />
      </Searchable>
    </main>
  );
}

function PlacingQueue() {
  const navigate = useNavigate();
  const queue = useQuery(shipmentsQuery('to-place'));

  let body;
  if (queue.isPending)
    body = (
      <p className="console-page__purpose" aria-busy="true">
        Loading orders...
      </p>
    );
  else if (queue.isError) body = <FormMessage kind="error">{queue.error.message}</FormMessage>;
  else {
    const shipments = oldestFirst(queue.data.shipments);
    body = (
      <>
        <p
          className={`ph-cutoff ph-cutoff--${queue.data.cutoff.sameDay ? 'today' : 'later'}`}
          data-testid="cutoff"
        >
          {cutoffBanner(queue.data.cutoff)}
        </p>
        {shipments.length === 0 ? (
          <ConsoleEmpty
            icon="box"
            title="No orders to place"
            text="Approved orders waiting to be placed will appear here."
          />
        ) : (
          <ShipmentTable
            shipments={shipments}
            placing
            label="Orders to place"
            onOpen={(id) => void navigate(shipmentPath('orders-to-place', id))}
          />
        )}
      </>
    );
  }
  return body;
}

type ListFilter = Exclude<ShipmentFilter, 'to-place'>;
const listFilters: readonly ListFilter[] = ['placed', 'paused', 'shipped', 'delivered'];

const filterLabels: Record<ListFilter, string> = {
  placed: 'Placed',
  paused: 'Paused',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

const emptyTexts: Record<ListFilter, { title: string; text: string }> = {
  placed: {
    title: 'No orders placed',
    text: 'Orders placed with the pharmacy wait here for their carrier and tracking number.',
  },
  paused: { title: 'No paused shipments', text: 'Shipments you pause appear here.' },
  shipped: { title: 'Nothing on its way', text: 'Shipped orders appear here until delivered.' },
  delivered: { title: 'No deliveries yet', text: 'Delivered orders appear here, newest first.' },
};

function ShipmentList({ filter }: { filter: ListFilter }) {
  const navigate = useNavigate();
  const list = useQuery(shipmentsQuery(filter));
  if (list.isPending)
    return (
      <p className="console-page__purpose" aria-busy="true">
        Loading shipments...
      </p>
    );
  if (list.isError) return <FormMessage kind="error">{list.error.message}</FormMessage>;
  if (list.data.shipments.length === 0)
    return <ConsoleEmpty icon="truck" {...emptyTexts[filter]} />;
  return (
    <ShipmentTable
      shipments={list.data.shipments}
      placing={false}
      label={`${filterLabels[filter]} shipments`}
      onOpen={(id) => void navigate(shipmentPath('shipments', id))}
    />
  );
}

/**
 * /console/shipments: placed, paused, shipped and delivered, one tab each; or the shipments of
 * an order found by its number.
 */
export function ShipmentsPage() {
  usePageTitle('Shipments · Staff console');
  return (
    <main className="console-page console-page--wide" data-console-section="shipments">
      <header className="console-page__head">
        <h1>Shipments</h1>
        <p className="console-page__purpose">
          Ship placed orders with a carrier and tracking number, then mark them delivered.
        </p>
      </header>
      <Searchable section="shipments">
        <ShipmentTabs />
      </Searchable>
    </main>
  );
}

function ShipmentTabs() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('filter');
  const filter = listFilters.find((f) => f === asked) ?? 'placed';

  return (
    <>
      <div className="cq-tabs" role="tablist" aria-label="Shipments">
        {listFilters.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            id={`ph-tab-${f}`}
            aria-selected={f === filter}
            aria-controls="ph-panel"
            className="cq-tabs__tab"
            onClick={() => setParams(f === 'placed' ? {} : { filter: f }, { replace: true })}
          >
            {filterLabels[f]}
          </button>
        ))}
      </div>
      <div id="ph-panel" role="tabpanel" aria-labelledby={`ph-tab-${filter}`}>
        <ShipmentList key={filter} filter={filter} />
      </div>
    </>
  );
}
