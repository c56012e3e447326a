/**
 * The one order number (issue 26): what a patient reads in the portal, in every email and on the
 * invoice, and what support, the pharmacy and the clinician see and search by. It is the checkout
 * order's id after "#", at least four digits ("#0042", "#1042"): digits read out on the phone,
 * never mistaken for the drug class "GLP-1". A refill or a replacement of the order is the
 * order's number with a plain label: "#1042 (refill 2)", "#1042 (replacement 1)". Every place that
 * prints an order's number prints what `orderNumber` makes; nothing else formats one.
 */
import type { ShipmentKind } from '../events/fulfillment';

/** The number's least digit count: "#0042", so a young clinic's "#1" reads as an order. */
export const orderNumberDigits = 4;

/** A shipment of an order: which kind, and its place among that order's shipments of the kind. */
export interface OrderShipment {
  kind: ShipmentKind;
  /** 1 for the order's first refill (or replacement), 2 for the second, ... */
  sequence: number;
}

const shipmentWords: Record<Exclude<ShipmentKind, 'first'>, string> = {
  refill: 'refill',
  reship: 'replacement',
};

/** "#1042"; a refill or replacement of it "#1042 (refill 2)", "#1042 (replacement 1)". */
export function orderNumber(orderId: number, shipment?: OrderShipment): string {
  const number = `#${String(orderId).padStart(orderNumberDigits, '0')}`;
  if (!shipment || shipment.kind === 'first') return number;
  return `${number} (${shipmentWords[shipment.kind]} ${shipment.sequence})`;
}

/**
 * An order number however staff type it: "#1042", "1042", "#0042", "Order #1042", "order no.
 * 1042", "GLP-1042", a refill's "#1042 (refill 2)" or "1042-2", and the "GLP-1042-2" fulfilment
 * printed before this number existed. The order's id is the first group. Written without the `i`
 * flag (JSON Schema's patterns have none), so the OpenAPI document states it exactly; at most
 * nine digits after leading zeros, so every match is a row id.
 */
export const orderNumberPattern =
  /^\s*(?:[Oo][Rr][Dd][Ee][Rr]\s*)?(?:(?:[Nn][Oo]\.?|[Nn][Uu][Mm][Bb][Ee][Rr])\s*)?#?\s*(?:[Gg][Ll][Pp]\s*-?\s*)?0*([1-9]\d{0,8})(?:[\s(,/:·-].*)?$/;

/** What staff are told when what they typed is not an order number. */
export const orderNumberHint = 'Enter an order number, like #1042.';

/** The checkout order an order number names, or null when `typed` is not one. */
export function orderIdFromNumber(typed: string): number | null {
  const match = orderNumberPattern.exec(typed);
  return match ? Number(match[1]) : null;
}
