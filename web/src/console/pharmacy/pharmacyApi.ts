/**
 * The pharmacy's calls (contracts/src/api/fulfillment.ts) through the typed client: the
 * shipments by step, one shipment, its four steps, and the reship requests with their decisions.
 * Reads are React Query options; every answer is parsed by the route's response schema.
 */
import {
  backgroundActivityHeaders,
  approveReship,
  deliverShipment,
  orderNumber,
  pauseShipment,
  pharmacyQueue,
  pharmacyShipment,
  placeShipment,
  refuseReship,
  reshipEvidenceUrl,
  reshipQueue,
  shipShipment,
  type Carrier,
  type ReshipRequest,
  type ShipmentFilter,
  type ShipmentView,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';

export type QueueAnswer = z.infer<typeof pharmacyQueue.response>;
export type ReshipFilter = 'waiting' | 'decided';

/** GET /api/console/pharmacy/shipments?filter=...: the shipments of one step, with the cut-off. */
export function shipmentsQuery(filter: ShipmentFilter) {
  return queryOptions<QueueAnswer, Error>({
    queryKey: ['pharmacy-shipments', filter],
    queryFn: () =>
      callApi(pharmacyQueue, { query: { filter }, headers: backgroundActivityHeaders }),
    retry: false,
    // Prescriptions are accepted and reships approved while the pharmacist works: read again.
    refetchInterval: 60_000,
  });
}

/** GET /api/console/pharmacy/shipments?number=...: every shipment of one order, any step. */
export function orderShipmentsQuery(orderId: number) {
  return queryOptions<QueueAnswer, Error>({
    queryKey: ['pharmacy-shipments', 'order', orderId],
    queryFn: () => callApi(pharmacyQueue, { query: { number: orderNumber(orderId) } }),
    retry: false,
  });
}

/** GET /api/console/pharmacy/shipments/{shipmentId}: the shipment as the pharmacist fills it. */
export function shipmentQuery(shipmentId: number) {
  return queryOptions<ShipmentView, Error>({
    queryKey: ['pharmacy-shipment', shipmentId],
    queryFn: async () => (await callApi(pharmacyShipment, { params: { shipmentId } })).view,
    retry: false,
  });
}

/** GET /api/console/pharmacy/reships?filter=...: waiting (oldest first) or decided. */
export function reshipsQuery(filter: ReshipFilter) {
  return queryOptions<ReshipRequest[], Error>({
    queryKey: ['pharmacy-reships', filter],
    queryFn: async () =>
      (await callApi(reshipQueue, { query: { filter }, headers: backgroundActivityHeaders }))
        .reships,
    retry: false,
    refetchInterval: 60_000,
  });
}

export const place = (shipmentId: number) => callApi(placeShipment, { params: { shipmentId } });
export const pause = (shipmentId: number, reason: string) =>
  callApi(pauseShipment, { params: { shipmentId }, body: { reason } });
export const ship = (shipmentId: number, carrier: Carrier, trackingNumber: string) =>
  callApi(shipShipment, {
    params: { shipmentId },
    body: { carrier, tracking_number: trackingNumber },
  });
export const deliver = (shipmentId: number) => callApi(deliverShipment, { params: { shipmentId } });

export const approve = async (reshipId: number) =>
  (await callApi(approveReship, { params: { reshipId } })).reship;
export const refuse = async (reshipId: number, reason: string) =>
  (await callApi(refuseReship, { params: { reshipId }, body: { reason } })).reship;

/** A short-lived signed URL to the request's photo. */
export async function evidenceUrl(reshipId: number): Promise<string> {
  return (await callApi(reshipEvidenceUrl, { params: { reshipId } })).url;
}
