/**
 * Saving the plan page's cart. The browser sends one item as it shows it; the server takes only
 * its identity from it (product id and sku) and prices it from the catalog. The item must be the
 * plan of the active offer for its drug, the spec's cart rules decide its quantity, and a patient
 * the clinic already knows to be ineligible cannot save one. A saved cart publishes `cart-saved`
 * with it (one transaction): its plan and price, never a name or product name.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  addToCart,
  cartSaved,
  currentDoseChoices,
  currentDoseMessage,
  disqualificationMessage,
  planBmiDisqualification,
  planIdFor,
  prescriptionMainType,
  type saveCartRequestSchema,
} from '@clinic/contracts';
import {
  type ServiceRuntime,
  ConflictError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
} from '@clinic/kit';
import { cartItems, carts, patientEligibility, products } from '../db/schema';
import type { CatalogSettings } from './catalog-settings';
import { isCartId } from './payments/checkout-cart';

export const cartMessages = {
  unknownProduct: 'This product is not available. Please choose your medication again.',
  notInOffer: 'This plan is not part of the current offer. Please choose your medication again.',
  empty: 'Your cart is empty. Please choose your medication.',
  unknownCart: 'We could not find this cart.',
  dose: currentDoseMessage,
} as const;

const allDoses = new Set(Object.values(currentDoseChoices).flat());

/**
 * The plan page's answers: as sent, or, for the checkout page's medication switch, those of the
 * cart it replaces (the link never shows them). Only a cart the caller may open is copied from.
 */
async function planAnswers(
  runtime: ServiceRuntime,
  request: z.infer<typeof saveCartRequestSchema>,
  userId: number | null,
): Promise<{ currentGLPMed: 'Yes' | 'No'; currentDose: string }> {
  if (request.replaces_cart === undefined)
    return { currentGLPMed: request.currentGLPMed ?? 'No', currentDose: request.currentDose };
  if (!isCartId(request.replaces_cart)) throw new NotFoundError(cartMessages.unknownCart);
  const [replaced] = await runtime.db
    .select({ userId: carts.userId, currentGlpMed: carts.currentGlpMed, dose: carts.currentDose })
    .from(carts)
    .where(eq(carts.id, request.replaces_cart));
  if (!replaced || (replaced.userId !== null && replaced.userId !== userId))
    throw new NotFoundError(cartMessages.unknownCart);
  return { currentGLPMed: replaced.currentGlpMed, currentDose: replaced.dose };
}

export async function saveCart(
  runtime: ServiceRuntime,
  request: z.infer<typeof saveCartRequestSchema>,
  userId: number | null,
  settings: CatalogSettings,
): Promise<string> {
  const [product] = await runtime.db.select().from(products).where(eq(products.id, request.id));
  if (!product || !product.active || product.sku !== request.sku)
    throw new NotFoundError(cartMessages.unknownProduct);
  if (product.drug) {
    const offer = product.drug === 'semaglutide' ? request.sema_offer : request.tir_offer;
    if (planIdFor(product.drug, offer, await settings.currentOffers()) !== product.stripeId)
      throw new ConflictError(cartMessages.notInOffer);
  }
  const answers = await planAnswers(runtime, request, userId);
  const taking = answers.currentGLPMed === 'Yes';
  if (taking && !allDoses.has(answers.currentDose))
    throw new InvalidRequestError(cartMessages.dose);

  const [line] = addToCart([], {
    id: product.id,
    quantity: request.quantity,
    main_type: product.isPrescription ? prescriptionMainType : request.main_type,
  });
  if (!line) throw new InvalidRequestError(cartMessages.empty);

  if (userId !== null) {
    const [eligibility] = await runtime.db
      .select()
      .from(patientEligibility)
      .where(eq(patientEligibility.userId, userId));
    const reason =
      eligibility?.disqualifiedReason ??
      (eligibility?.bmi !== null && eligibility?.bmi !== undefined
        ? planBmiDisqualification(eligibility.bmi, taking)
        : null);
    if (reason) throw new ForbiddenError(disqualificationMessage(reason));
  }

  const id = randomUUID();
  // Priced by the price table now; the cart is charged at this version's prices when paid.
  const prices = await settings.pricesNow(runtime.db);
  const unitPriceCents = product.drug
    ? prices.value[product.drug].firstMonth
    : product.retailPriceCents;
  await runtime.transaction(async (tx, events) => {
    await tx.insert(carts).values({
      id,
      userId,
      semaOffer: request.sema_offer,
      tirOffer: request.tir_offer,
      currentGlpMed: answers.currentGLPMed,
      currentDose: taking ? answers.currentDose : '',
      createdAt: runtime.clock.now(),
      priceVersion: prices.version,
    });
    await tx.insert(cartItems).values({
      cartId: id,
      productId: product.id,
      quantity: line.quantity,
      unitPriceCents,
    });
    await events.publish(cartSaved, {
      cartId: id,
      userId,
      planId: product.stripeId,
      amountCents: unitPriceCents * line.quantity,
    });
  });
  return id;
}
