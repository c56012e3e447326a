/**
 * A checkout link's cart as checkout prices it: the cart, its one plan product, the drug, and
 * the order already paid for it (one read, as paying needs all of it).
 */
import { asc, eq, and, isNotNull } from 'drizzle-orm';
import type { Drug, Principal } from '@clinic/contracts';
import type { Executor } from '@clinic/kit';
import { cartItems, carts, orders, products } from '../../db/schema';

export interface CheckoutCart {
  id: string;
  userId: number | null;
  semaOffer: string;
  tirOffer: string;
  currentGlpMed: 'Yes' | 'No';
  currentDose: string;
  createdAt: Date;
  /** The price table's version when the cart was saved: the prices it is charged. */
  priceVersion: number;
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
  /** The order that paid for this cart, if any (one per cart). */
  paidOrderId: number | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can name a cart at all (its id is a UUID): anything else names none. */
export const isCartId = (value: string): boolean => uuidPattern.test(value);

/** The cart with its plan product, or null for an unknown (or malformed) id. */
export async function loadCheckoutCart(db: Executor, cartId: string): Promise<CheckoutCart | null> {
  if (!isCartId(cartId)) return null;
  const [row] = await db
    .select({
      cart: carts,
      quantity: cartItems.quantity,
      product: {
        id: products.id,
        name: products.name,
        sku: products.sku,
        stripeId: products.stripeId,
        drug: products.drug,
        imagePreText: products.imagePreText,
        retailPriceCents: products.retailPriceCents,
        firstMonthPriceCents: products.firstMonthPriceCents,
      },
      paidOrderId: orders.id,
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(orders, eq(orders.cartId, carts.id))
    .where(and(eq(carts.id, cartId), isNotNull(products.drug)))
    .orderBy(asc(products.sortOrder))
    .limit(1);
  if (!row?.product.drug) return null;
  return {
    ...row.cart,
    product: { ...row.product, drug: row.product.drug },
    quantity: row.quantity,
    paidOrderId: row.paidOrderId,
  };
}

/** The order already paid for this cart, if any. */
export async function orderOfCart(db: Executor, cartId: string): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId));
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
