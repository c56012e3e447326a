/**
 * Choosing a medication (spec 000 section 4, "Plan flow"): the cart is emptied, the plan product
 * of the active offer goes in, and the cart is saved (POST /forms/save-cart); its id is the
 * checkout link.
 */
import {
  planIdFor,
  saveCart,
  type CartItem,
  type Drug,
  type OfferPlans,
  type Product,
  type SaveCartRequest,
} from '@clinic/contracts';
import { callApi, toApiError } from '../api/client';
import { cartItemFromProduct } from '../cart/cartItem';
import { addItem, clearCart } from '../cart/cartStore';
import type { ActiveOffers } from '../tracking/activeOffers';

export const planUnavailableMessage =
  'This medication is not available right now. Please try again in a few minutes.';
export const planSaveFailedMessage = 'We could not save your plan. Please try again.';

export interface PlanAnswers {
  currentGLPMed: 'Yes' | 'No';
  /** The dose taken now; empty when not taking any. */
  currentDose: string;
}

/** The checkout page's medication switch: the new cart keeps the answers of the cart it replaces. */
export interface ReplacedCart {
  replacesCart: string;
}

export function variantFor(drug: Drug, offers: ActiveOffers) {
  return drug === 'semaglutide' ? offers.sema_offer : offers.tir_offer;
}

/** The catalog product of a plan id (the id is both the product's Stripe price and its SKU). */
export function findPlanProduct(products: readonly Product[], planId: string): Product | undefined {
  return products.find((p) => p.stripe_id === planId) ?? products.find((p) => p.sku === planId);
}

export class PlanSaveError extends Error {
  override readonly name = 'PlanSaveError';
}

/** Puts the plan in the cart, saves it and returns the checkout path. */
export async function savePlan(
  drug: Drug,
  products: readonly Product[],
  offers: ActiveOffers,
  answers: PlanAnswers | ReplacedCart,
  /** Checkout's offers now (offersQuery). */
  plans: OfferPlans,
): Promise<string> {
  const product = findPlanProduct(products, planIdFor(drug, variantFor(drug, offers), plans));
  if (!product) throw new PlanSaveError(planUnavailableMessage);

  clearCart();
  const item: CartItem = addItem(cartItemFromProduct(product))[0]!;
  const request: SaveCartRequest =
    'replacesCart' in answers
      ? { ...item, ...offers, replaces_cart: answers.replacesCart }
      : { ...item, ...offers, ...answers };
  try {
    const answer = await callApi(saveCart, { body: request });
    return `/weight-loss-payment/${encodeURIComponent(answer.id)}`;
  } catch (error) {
    throw new PlanSaveError(toApiError(error).serverMessage ?? planSaveFailedMessage);
  }
}
