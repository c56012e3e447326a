import type { Router } from 'express';
import {
  deliverShipment,
  pauseShipment,
  pharmacyProcessingDay,
  pharmacyQueue,
  pharmacyShipment,
  placeShipment,
  shipShipment,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { recordShipmentsListed } from '../domain/audit';
import { shipmentQueue, shipmentsOfOrder } from '../domain/shipment-summaries';
import type { Shipments } from '../domain/shipments';
import { pharmacistOf } from '../domain/staff';

/** The pharmacy console's shipments: the queue, one shipment, and its four steps. */
export function pharmacyShipmentRoutes(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  work: Shipments,
): void {
  bindRoute(router, pharmacyQueue, async ({ principal, query, req }) => {
    const now = runtime.clock.now();
    const cutoff = pharmacyProcessingDay(now);
    const shipments =
      query.number === undefined
        ? await shipmentQueue(runtime.db, query.filter, now)
        : await shipmentsOfOrder(runtime.db, query.number, now);
    await recordShipmentsListed(
      runtime,
      await pharmacistOf(identity, principal, req),
      shipments,
      query.number === undefined ? `queue: ${query.filter}` : 'search by number',
    );
    return {
      status: 'success' as const,
      cutoff: { processingDay: cutoff.date, sameDay: cutoff.sameDay },
      shipments,
    };
  });
  bindRoute(router, pharmacyShipment, async ({ principal, params, req }) => ({
    status: 'success' as const,
    view: await work.view(params.shipmentId, await pharmacistOf(identity, principal, req)),
  }));
  bindRoute(router, placeShipment, async ({ principal, params, req }) => ({
    status: 'success' as const,
    shipment: await work.place(params.shipmentId, await pharmacistOf(identity, principal, req)),
  }));
  bindRoute(router, pauseShipment, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    shipment: await work.pause(
      params.shipmentId,
      await pharmacistOf(identity, principal, req),
      body.reason,
    ),
  }));
  bindRoute(router, shipShipment, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    shipment: await work.ship(
      params.shipmentId,
      await pharmacistOf(identity, principal, req),
      body.carrier,
      body.tracking_number,
    ),
  }));
  bindRoute(router, deliverShipment, async ({ principal, params, req }) => ({
    status: 'success' as const,
    shipment: await work.deliver(params.shipmentId, await pharmacistOf(identity, principal, req)),
  }));
}
