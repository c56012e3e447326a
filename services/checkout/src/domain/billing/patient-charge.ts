/**
 * One payment of a patient as their billing documents (the invoice, the HSA/FSA receipt) print
 * it: the charge, the order it paid for, the plan's medication and term, and its refund. Read by
 * the patient's own id only, so another patient's payment is not there, exactly as a payment
 * that does not exist.
 */
import { and, eq } from 'drizzle-orm';
import type { CheckoutAddress, Drug, PatientContact, PaymentTerm } from '@clinic/contracts';
import type { Executor } from '@clinic/kit';
import { orders, products, refunds, transactions } from '../../db/schema';

/** What both documents answer for another patient's payment or an unknown one (a 404). */
export const paymentNotFound = 'We could not find this payment.';

export interface PatientCharge {
  transactionId: string;
  orderId: number;
  kind: 'checkout' | 'add-on' | 'renewal';
  amountCents: number;
  status: 'success' | 'refunded';
  /** What the charge recorded it paid for ("Tirzepatide Half Yearly Plan", "GLP Anti-Nausea"). */
  productName: string;
  createdAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  billingAddress: CheckoutAddress | null;
  shippingAddress: CheckoutAddress;
  /** The order's plan: its medication and the months each payment of it covers. */
  drug: Drug | null;
  paymentTerms: PaymentTerm;
  /** When the clinic's refund of it went through, when it made one. */
  refundedAt: Date | null;
}

export async function findPatientCharge(
  db: Executor,
  userId: number,
  transactionId: string,
): Promise<PatientCharge | null> {
  const t = transactions;
  const [charge] = await db
    .select({
      transactionId: t.transactionId,
      orderId: t.orderId,
      kind: t.kind,
      amountCents: t.amountCents,
      status: t.status,
      productName: t.productName,
      createdAt: t.createdAt,
      cardBrand: t.cardBrand,
      cardLast4: t.cardLast4,
      billingAddress: orders.billingAddress,
      shippingAddress: orders.shippingAddress,
      drug: products.drug,
      paymentTerms: orders.paymentTerms,
      refundedAt: refunds.refundedAt,
    })
    .from(t)
    .innerJoin(orders, eq(orders.id, t.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(refunds, eq(refunds.transactionId, t.transactionId))
    .where(and(eq(t.transactionId, transactionId), eq(t.userId, userId)));
  return charge ?? null;
}

/** The patient's full name as a billing document prints it; null when identity has none. */
export function fullNameOf(
  contact: Pick<PatientContact, 'first_name' | 'last_name'>,
): string | null {
  return `${contact.first_name} ${contact.last_name}`.trim() || null;
}
