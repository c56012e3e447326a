/**
 * GET /api/pending-medical-forms: the caller's paid prescription orders that wait for the medical
 * form, oldest first, for the portal's "Next step". An order waits while it is pending approval,
 * its assessment is not submitted (forms' form-submitted) and its payment stands: a denied,
 * cancelled or approved order does not wait, nor does one whose checkout payment was refunded.
 */
import type { Router } from 'express';
import { and, asc, eq, isNull, notExists } from 'drizzle-orm';
import { pendingMedicalForms } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orders, prescriptionPreauths, transactions } from '../db/schema';

export function pendingMedicalFormsRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, pendingMedicalForms, async ({ principal }) => {
    const { db } = runtime;
    const pending = await db
      .select({
        orderId: orders.id,
        productName: prescriptionPreauths.productName,
        createdAt: orders.createdAt,
      })
      .from(orders)
      // The order's own product: an add-on (the anti-nausea pills) shares its medical form.
      .innerJoin(
        prescriptionPreauths,
        and(
          eq(prescriptionPreauths.orderId, orders.id),
          eq(prescriptionPreauths.productId, orders.productId),
        ),
      )
      .where(
        and(
          eq(orders.userId, principal.userId),
          eq(orders.status, 'pending_approval'),
          isNull(orders.assessmentSubmittedAt),
          notExists(
            db
              .select({ one: transactions.id })
              .from(transactions)
              .where(
                and(
                  eq(transactions.orderId, orders.id),
                  eq(transactions.kind, 'checkout'),
                  eq(transactions.status, 'refunded'),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id));
    return {
      status: 'success' as const,
      orders: pending.map((row) => ({
        orderId: row.orderId,
        product_name: row.productName,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });
}
