/**
 * GET /api/get-cart/{cart_id}: the checkout link's cart, priced from the catalog, and its
 * patient. A visitor who is not logged in gets a session from the link (userData.token), as the
 * spec's page expects, but one scoped to this cart: it pays the cart and finishes that order's
 * steps, and ends when the link does (the cart's first day); the portal and the account need a
 * real login. It is given only while the cart is unpaid and fresh. The link shows only what the
 * checkout page shows: the cart and the patient's id and first name, never the plan page's
 * answers about the GLP-1 medication taken now (a medication switch carries them over on the
 * server). A logged-in caller sees only their own cart. Staff accounts never get a session this
 * way (identity refuses).
 */
import type { Router } from 'express';
import {
  centsToDollars,
  getCart,
  prescriptionMainType,
  type GetCartResponse,
} from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity-client';
import { cartMessages } from '../domain/cart';
import type { CatalogSettings } from '../domain/catalog-settings';
import { loadCheckoutCart, mayOpenCart, orderOfCart } from '../domain/payments/checkout-cart';

export const cartLinkLoginMs = 24 * 60 * 60 * 1000;

export function getCartRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  settings: CatalogSettings,
): void {
  bindRoute(router, getCart, async ({ params, principal }): Promise<GetCartResponse> => {
    const cart = await loadCheckoutCart(runtime.db, params.cart_id);
    if (!cart) throw new HttpError(404, cartMessages.unknownCart);
    const caller = principal?.cartId && principal.cartId !== cart.id ? null : principal;
    if (caller && !mayOpenCart(caller, cart))
      throw new HttpError(403, 'This checkout link belongs to another account.');
    if ((await orderOfCart(runtime.db, cart.id)) !== null)
      throw new HttpError(410, 'This cart has already been paid.');

    let userData: GetCartResponse['userData'] = null;
    const linkEndsAt = new Date(cart.createdAt.getTime() + cartLinkLoginMs);
    if (cart.userId !== null && !caller && runtime.clock.now() < linkEndsAt && identity) {
      const { session } = await identity.openCartSession({
        userId: cart.userId,
        cartId: cart.id,
        expiresAt: linkEndsAt.toISOString(),
      });
      if (session) userData = { ...session.user, token: session.token };
    }
    const { product } = cart;
    const prices = (await settings.pricesAt(runtime.db, cart.priceVersion))[product.drug];
    return {
      status: 'success',
      cartItem: [
        {
          id: product.id,
          name: product.name,
          price: centsToDollars(prices.firstMonth),
          retail_price: centsToDollars(prices.terms[1]),
          quantity: cart.quantity,
          main_type: prescriptionMainType,
          subheader: product.imagePreText,
          category: 'primary',
          sku: product.sku,
          stripe_id: product.stripeId,
          sema_offer: cart.semaOffer,
          tir_offer: cart.tirOffer,
        },
      ],
      userData,
      message: 'Cart loaded',
      prices,
    };
  });
}
