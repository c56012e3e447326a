/** How the pharmacy pages write statuses, waits, processing days and addresses. */
import type { ShipmentKind, ShipmentStatus, ShipmentView } from '@clinic/contracts';

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  awaiting_check_in: 'Awaiting check-in',
  prescription_received: 'Ready to place',
  order_placed: 'Placed',
  shipping_paused: 'Paused',
  order_shipped: 'Shipped',
  order_delivered: 'Delivered',
};

/** The badge of a shipment that is not a first order. */
export const kindLabels: Record<ShipmentKind, string | null> = {
  first: null,
  refill: 'Refill',
  reship: 'Reship',
};

export const coldChainText = 'Cold chain · ships overnight';

const MINUTE = 60_000;

/** How long it has waited since `since`: "35 min", "5 h 20 min", "2 d 3 h". */
export function waited(since: string | null, now: number = Date.now()): string {
  if (!since) return '—';
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

const calendarDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A Pacific calendar day (YYYY-MM-DD) in words: "Monday, November 30". */
export function dayText(date: string): string {
  return calendarDay.format(new Date(`${date}T12:00:00Z`));
}

/** The cut-off banner's day: "today (Tuesday, November 24)" or the next processing day. */
export function processingText(cutoff: { processingDay: string; sameDay: boolean }): string {
  const day = dayText(cutoff.processingDay);
  return cutoff.sameDay ? `today (${day})` : day;
}

/** The banner over the orders to place (the pharmacy's same-day promise, spec 000). */
export function cutoffBanner(cutoff: { processingDay: string; sameDay: boolean }): string {
  return `Orders placed before 3 PM Pacific, Monday to Thursday, are processed the same day. Placed now: processed ${processingText(cutoff)}.`;
}

/** The address on two lines: street (and unit), then city, state and ZIP. */
export function addressLines(address: NonNullable<ShipmentView['address']>): string[] {
  return [
    [address.address_line_1, address.address_line_2].filter(Boolean).join(', '),
    `${address.city}, ${address.state} ${address.zip}`,
  ];
}

/** "(512) 555-0100" for ten digits; anything else as given. */
export function phoneText(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : phone;
}

/** The history's step names, in words. */
export function stepText(step: string): string {
  const known: Record<string, string> = {
    created: 'Created',
    prescription_received: 'Prescription received',
    order_placed: 'Order placed',
    shipping_paused: 'Shipping paused',
    resumed: 'Resumed',
    order_shipped: 'Shipped',
    order_delivered: 'Delivered',
    awaiting_check_in: 'Waiting for check-in',
  };
  return known[step] ?? step.replace(/[_-]/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
