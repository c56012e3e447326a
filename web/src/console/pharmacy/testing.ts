/**
 * Helpers for the pharmacy pages' tests: a shipment, its view and a reship request to vary, the
 * console opened as the pharmacy (clinic/testing's openConsole), and controls found by label.
 */
import type { ReshipRequest, ShipmentSummary, ShipmentView } from '@clinic/contracts';
import { act } from 'react';
import { flush, ok } from '../../verify/testing/harness';

export function shipment(over: Partial<ShipmentSummary> = {}): ShipmentSummary {
  return {
    shipmentId: 12,
    orderNumber: '#1012',
    orderId: 41,
    userId: 7,
    patientName: 'Pat Patient',
    state: 'TX',
    kind: 'first',
    drug: 'semaglutide',
    medName: 'Semaglutide injection',
    vials: 1,
    status: 'prescription_received',
    coldChain: true,
    readyAt: '2026-11-24T10:00:00.000Z',
    processingDay: '2026-11-24',
    sameDay: true,
    carrier: null,
    trackingNumber: null,
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}

export function shipmentView(
  over: Partial<ShipmentView> = {},
  s: Partial<ShipmentSummary> = {},
): ShipmentView {
  return {
    shipment: shipment(s),
    patient: { name: 'Pat Patient', phone: '5125550100', email: 'pat@example.com' },
    address: {
      address_line_1: '100 Main St',
      address_line_2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
    items: [
      { name: 'Semaglutide 2.5 mg/mL vial', directions: 'Inject 0.25 mg weekly for 4 weeks.' },
    ],
    doseSchedule: [0.25, 0.5, 1],
    history: [
      { step: 'prescription_received', by: null, at: '2026-11-24T10:00:00.000Z', note: null },
    ],
    ...over,
  };
}

export function reship(over: Partial<ReshipRequest> = {}): ReshipRequest {
  return {
    reshipId: 5,
    shipmentId: 12,
    orderNumber: '#1012',
    orderId: 41,
    patientName: 'Pat Patient',
    items: [{ id: '#1012', name: 'Semaglutide injection' }],
    reason: 'The vial arrived cracked.',
    hasImage: true,
    deliveredAt: '2026-11-20T18:00:00.000Z',
    requestedAt: '2026-11-21T09:00:00.000Z',
    status: 'waiting',
    decidedBy: null,
    decidedAt: null,
    refusalReason: null,
    newShipmentId: null,
    newOrderNumber: null,
    ...over,
  };
}

export const queueAnswer = (
  shipments: ShipmentSummary[],
  cutoff = { processingDay: '2026-11-24', sameDay: true },
) => ok({ status: 'success', cutoff, shipments });

export const viewAnswer = (view: ShipmentView) => ok({ status: 'success', view });
export const stepAnswer = (s: ShipmentSummary) => ok({ status: 'success', shipment: s });

/** The control a visible label names. */
export function labelled<T extends HTMLElement>(root: ParentNode, name: string): T {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
  const control = label && document.getElementById(label.htmlFor);
  if (!control) throw new Error(`No control labelled "${name}"`);
  return control as T;
}

export async function click(element: Element): Promise<void> {
  await act(async () => (element as HTMLElement).click());
  await flush();
}

export async function key(target: Element, name: string): Promise<void> {
  await act(async () => {
    target.dispatchEvent(
      new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }),
    );
  });
  await flush();
}
