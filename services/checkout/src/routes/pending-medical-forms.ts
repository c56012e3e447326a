/**
 * GET /api/pending-medical-forms: the caller's paid prescription orders that wait for the medical
 * form, oldest first, for the portal's "Next step". Until the forms service records submitted
 * assessments, an order waits while it is pending approval and its payment stands: a denied,
 * cancelled or approved order does not wait, nor does one whose checkout payment was refunded.
 */
import type { Router } from 'express';
import { sql } from 'drizzle-orm';
import { pendingMedicalForms } from '@clinic/contracts';
import { bindRoute, rows, type ServiceRuntime } from '@clinic/kit';

interface PendingRow {
  order_id: number;
  product_name: string;
  created_at: Date | string;
}

export function pendingMedicalFormsRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, pendingMedicalForms, async ({ principal }) => {
    const pending = await rows<PendingRow>(
      runtime.db,
      // The order's own product: an add-on (the anti-nausea pills) shares its medical form.
      sql`select o.id as order_id, p.product_name, o.created_at
          from checkout.orders o
          join checkout.prescription_preauths p
            on p.order_id = o.id and p.product_id = o.product_id
          where o.user_id = ${principal.userId}
            and o.status = 'pending_approval'
            and not exists (
              select 1 from checkout.transactions t
              where t.order_id = o.id and t.kind = 'checkout' and t.status = 'refunded')
          order by o.created_at, o.id`,
    );
    return {
      status: 'success' as const,
      orders: pending.map((row) => ({
        orderId: row.order_id,
        product_name: row.product_name,
        created_at: new Date(row.created_at).toISOString(),
      })),
    };
  });
}
