/**
 * A checkout link's cart as checkout prices it: the cart, its one plan product and the drug.
 */
import { sql } from 'drizzle-orm';
import type { Drug, Principal } from '@clinic/contracts';
import { rows, type Executor } from '@clinic/kit';

export interface CheckoutCart {
  id: string;
  userId: number | null;
  semaOffer: string;
  tirOffer: string;
  currentGlpMed: 'Yes' | 'No';
  currentDose: string;
  createdAt: Date;
  product: {
    id: number;
    name: string;
    sku: string;
    stripeId: string;
    drug: Drug;
    imagePreText: string;
    retailPriceCents: number;
    firstMonthPriceCents: number;
  };
  quantity: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cart with its plan product, or null for an unknown (or malformed) id. */
export async function loadCheckoutCart(db: Executor, cartId: string): Promise<CheckoutCart | null> {
  if (!uuidPattern.test(cartId)) return null;
  const [row] = await rows<{
    id: string;
    user_id: number | null;
    sema_offer: string;
    tir_offer: string;
    current_glp_med: 'Yes' | 'No';
    current_dose: string;
    created_at: string | Date;
    product_id: number;
    name: string;
    sku: string;
    stripe_id: string;
    drug: Drug;
    image_pre_text: string;
    retail_price_cents: number;
    first_month_price_cents: number;
    quantity: number;
  }>(
    db,
    sql`select c.id, c.user_id, c.sema_offer, c.tir_offer, c.current_glp_med, c.current_dose,
               c.created_at, p.id as product_id, p.name, p.sku, p.stripe_id, p.drug,
               p.image_pre_text, p.retail_price_cents, p.first_month_price_cents, i.quantity
        from checkout.carts c
        join checkout.cart_items i on i.cart_id = c.id
        join checkout.products p on p.id = i.product_id
        where c.id = ${cartId} and p.drug is not null
        order by p.sort_order limit 1`,
  );
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    semaOffer: row.sema_offer,
    tirOffer: row.tir_offer,
    currentGlpMed: row.current_glp_med,
    currentDose: row.current_dose,
    createdAt: new Date(row.created_at),
    product: {
      id: row.product_id,
      name: row.name,
      sku: row.sku,
      stripeId: row.stripe_id,
      drug: row.drug,
      imagePreText: row.image_pre_text,
      retailPriceCents: row.retail_price_cents,
      firstMonthPriceCents: row.first_month_price_cents,
    },
    quantity: row.quantity,
  };
}

/** The order already paid for this cart, if any. */
export async function orderOfCart(db: Executor, cartId: string): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from checkout.orders where cart_id = ${cartId}`,
  );
  return row?.id ?? null;
}

/**
 * Whether a logged-in caller may see or pay a cart: a guest cart (no patient) is anyone's who
 * holds its link; a patient's cart is that patient's only, and a session opened from a cart link
 * reaches that one cart. Staff (the call-center checkout) may open any.
 */
export function mayOpenCart(
  caller: Pick<Principal, 'userId' | 'role' | 'cartId'>,
  cart: Pick<CheckoutCart, 'id' | 'userId'>,
): boolean {
  if (caller.cartId !== null && caller.cartId !== cart.id) return false;
  if (caller.role !== 'patient' || cart.userId === null) return true;
  return caller.userId === cart.userId;
}
