/**
 * The orders the forms service knows (from checkout's payment-succeeded) and the form loader's
 * view of one (spec 002 section 4): which questionnaire, for which drug, in which state, served
 * by which partner provider. An order is shown only to its patient (a checkout link's session
 * only for its own cart's order) and only while its assessment is pending: anything else is the
 * same "not found", so nobody learns of another patient's order.
 */
import { and, eq } from 'drizzle-orm';
import { ruleHolds, type FormsOrder, type Principal, type StateRules } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { NotFoundError, type Db, type Tx } from '@clinic/kit';
import { formsMessages } from '@clinic/contracts';
import { orders, patientStates, stateProviders } from '../db/schema';

/** The partner provider whose questionnaire is the medical-integration form (spec 002 section 9). */
export const MEDICAL_INTEGRATION_PROVIDER = 1;

/** The drug of a product by its name (Semaglutide, Tirzepatide), or null for a non-GLP-1 item. */
export { drugOfProduct } from '@clinic/contracts';

export type KnownOrder = typeof orders.$inferSelect;

/** The caller's order, or NotFound (another patient's, another cart's, or no such order). */
export async function ownOrder(
  db: Db | Tx,
  principal: Principal,
  orderId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<KnownOrder> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.userId, principal.userId)));
  const [order] = opts.forUpdate ? await query.for('update') : await query;
  // A checkout link's session opens only its own cart's order.
  if (!order || (principal.cartId !== null && order.cartId !== principal.cartId))
    throw new NotFoundError(formsMessages.orderNotFound);
  return order;
}

/** The patient's state: the newest shipping address, else the account's. */
export async function patientState(
  db: Db | Tx,
  identity: IdentityDirectory,
  userId: number,
): Promise<{ state: string; contact: Awaited<ReturnType<IdentityDirectory['patientContact']>> }> {
  const [shipping] = await db
    .select({ state: patientStates.state })
    .from(patientStates)
    .where(eq(patientStates.userId, userId));
  const contact = await identity.patientContact(userId);
  return { state: (shipping?.state ?? contact?.state ?? '').toUpperCase(), contact };
}

export async function providerOfState(db: Db | Tx, state: string): Promise<number> {
  const [row] = await db
    .select({ providerId: stateProviders.providerId })
    .from(stateProviders)
    .where(eq(stateProviders.state, state));
  return row?.providerId ?? MEDICAL_INTEGRATION_PROVIDER;
}

/**
 * The loader's form: the refill form for a patient the clinic already has a record of (a health
 * id), else the medical-integration form for provider 1, else the bare-medication form.
 */
export function formOf(healthId: string | null, providerId: number): 1 | 2 | 3 {
  if (healthId) return 3;
  return providerId === MEDICAL_INTEGRATION_PROVIDER ? 1 : 2;
}

/**
 * Whether a submission of this form in this state is followed by the identity video, by the
 * per-state rules in force.
 */
export function videoRequired(form: 1 | 2 | 3, state: string, rules: StateRules): boolean {
  return form === 2 && ruleHolds(rules, 'identityVideoStates', state);
}

/** GET /forms/orders/{id}: the caller's pending order as the loader reads it. */
export async function formsOrderFor(
  db: Db,
  identity: IdentityDirectory,
  principal: Principal,
  orderId: number,
): Promise<FormsOrder & { order: { status: string } }> {
  const order = await ownOrder(db, principal, orderId);
  if (order.status !== 'pending_approval') throw new NotFoundError(formsMessages.orderNotFound);
  const { state, contact } = await patientState(db, identity, order.userId);
  const providerId = await providerOfState(db, state);
  const healthId = contact?.health_id ?? null;
  return {
    status: 'success',
    order: { status: order.status, product_id: order.productId },
    state,
    providerId,
    isTriz: order.drug === 'tirzepatide',
    isSema: order.drug === 'semaglutide',
    health_id: healthId,
    // The current prescription's strength arrives with the clinic's prescriptions (issue 16).
    currentDose: null,
    gender: contact?.gender ?? null,
    form: formOf(healthId, providerId),
    drug: order.drug,
    paymentTerms: order.paymentTerms,
    paidCents: order.paidCents,
  };
}
