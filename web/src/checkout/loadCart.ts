/**
 * Loading a checkout link's cart (spec 001 section 2): GET /api/get-cart/{cart_id}. The offers
 * travel with the cart item and are taken off it; a visitor who is not logged in gets the session
 * the link carries (userData with its token), which is scoped to this cart.
 */
import {
  checkoutMessages,
  drugs,
  getCart,
  offerVariants,
  type CartItem,
  type Drug,
  type DrugPrices,
  type OfferVariant,
} from '@clinic/contracts';
import { callApi, toApiError } from '../api/client';
import { writeCart } from '../cart/cartStore';
import { getSession, isCartSession, setSession, type SessionUser } from '../session/session';
import { captureOffers, type ActiveOffers } from '../tracking/activeOffers';

export interface LoadedCart {
  cartId: string;
  item: CartItem;
  drug: Drug;
  offers: ActiveOffers;
  /** The cart's patient (without the token), when the server knows one. */
  user: SessionUser | null;
  /** What the cart is charged, in cents: the prices it was saved under (the server's). */
  prices: DrugPrices;
}

/** The drug of a cart item by its name; Tirzepatide is the default (spec 001 section 2). */
export function drugOfItem(item: Pick<CartItem, 'name' | 'sku' | 'stripe_id'>): Drug {
  const text = `${item.name} ${item.sku} ${item.stripe_id}`.toLowerCase();
  return (
    drugs.find((drug) => text.includes(drug)) ??
    (text.includes('sema') ? 'semaglutide' : 'tirzepatide')
  );
}

function variant(value: string): OfferVariant {
  return (offerVariants as readonly string[]).includes(value) ? (value as OfferVariant) : 'default';
}

/** The cart load failure's text: the server message, then "Please check the checkout link...". */
export function cartErrorText(error: unknown): string {
  const message = toApiError(error).serverMessage ?? checkoutMessages.unknownCart;
  return `${message} ${checkoutMessages.cartLoadSuffix}`;
}

export async function loadCart(cartId: string): Promise<LoadedCart> {
  const answer = await callApi(getCart, { params: { cart_id: cartId } });
  const first = answer.cartItem[0];
  if (!first) throw new Error('The cart is empty.');
  const { sema_offer, tir_offer, ...item } = first;
  const offers: ActiveOffers = { sema_offer: variant(sema_offer), tir_offer: variant(tir_offer) };

  // Stored as the plan page would have: the cart, and the offers for the rest of the visit.
  writeCart([item]);
  captureOffers(`?${new URLSearchParams({ ...offers }).toString()}`);

  let user: SessionUser | null = null;
  if (answer.userData) {
    const { token, ...data } = answer.userData;
    user = data;
    // The link's session is scoped to this cart: it replaces no login, only another link's.
    const current = getSession();
    if (!current || isCartSession(current)) setSession({ token, user: data });
  }
  return {
    cartId,
    item,
    drug: drugOfItem(item),
    offers,
    user,
    prices: answer.prices,
  };
}
