/** Test fixtures: progress items of GET /api/order-items, complete as the contract defines them. */
import type { PrescriptionEntry, ProgressItem } from '@clinic/contracts';

export function progressItem(over: Partial<ProgressItem> = {}): ProgressItem {
  const id = over.id ?? 41;
  return {
    id,
    status: 'pending_approval',
    product_id: 3,
    created_at: '2026-11-20T12:00:00.000Z',
    prescription_data: [],
    external_visit_id: null,
    provider: null,
    payment_intent_id: `pi_${id}`,
    tracking_number: null,
    logistics_provider: null,
    submitted: 0,
    item_id: `order-${id}`,
    kind: 'first',
    product_name: 'Tirzepatide',
    order_number: null,
    processing_day: null,
    shipped_at: null,
    delivered_at: null,
    updated_at: '2026-11-20T12:00:00.000Z',
    identity_video: null,
    appointment: null,
    reship_until: null,
    reship_request: null,
    doctor_note_at: null,
    ...over,
  };
}

export function rxEntry(
  name: string,
  strength: number | null,
  month: number | null,
  directions = '',
): PrescriptionEntry {
  return {
    name,
    directions,
    medId: `med-${name}`,
    strength,
    rxId: `rx-${name}-${month ?? 0}`,
    transactionId: null,
    month,
  };
}

/** The answer of GET /api/order-items. */
export function orderItemsAnswer(orders: ProgressItem[]) {
  return { status: 'success', orders, health_id: null };
}
