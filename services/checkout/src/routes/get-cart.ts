/**
 * GET /api/get-cart/{cart_id}: the checkout link's cart, priced from the catalog, and its
 * patient. A visitor who is not logged in is logged in from the link (userData.token) only while
 * the cart is unpaid and less than a day old; the cart id is a random UUID, and only a logged-in
 * patient's own plan page creates a cart with a patient, so the link is as private as that
 * session. Staff accounts never get a session this way (identity refuses).
 */
import type { Router } from 'express';
import {
  centsToDollars,
  getCart,
  prescriptionMainType,
  type GetCartResponse,
} from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity';
import { loadCheckoutCart, orderOfCart } from '../domain/payments/checkout-cart';

export const cartLinkLoginMs = 24 * 60 * 60 * 1000;

export function getCartRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
): void {
  bindRoute(router, getCart, async ({ params, principal }): Promise<GetCartResponse> => {
    const cart = await loadCheckoutCart(runtime.db, params.cart_id);
    if (!cart) throw new HttpError(404, 'We could not find this cart.');
    if ((await orderOfCart(runtime.db, cart.id)) !== null)
      throw new HttpError(410, 'This cart has already been paid.');

    let userData: GetCartResponse['userData'] = null;
    const fresh = runtime.clock.now().getTime() - cart.createdAt.getTime() < cartLinkLoginMs;
    if (cart.userId !== null && !principal && fresh && identity) {
      const { session } = await identity.openPatientSession(cart.userId);
      if (session) userData = { ...session.user, token: session.token };
    }
    const { product } = cart;
    return {
      status: 'success',
      cartItem: [
        {
          id: product.id,
          name: product.name,
          price: centsToDollars(product.firstMonthPriceCents),
          retail_price: centsToDollars(product.retailPriceCents),
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
      currentGLPMed: cart.currentGlpMed,
      currentDose: cart.currentDose,
    };
  });
}
