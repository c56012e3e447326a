/**
 * The shopping cart, kept in localStorage under one key as a JSON array of cart items (spec 000
 * section 3, "Cart item"). The cart rules (quantities, prescriptions) come from the contracts.
 */
import { addToCart, cartItemSchema, setCartQuantity, type CartItem } from '@clinic/contracts';
import { browserKeys } from '../session/browserStorage';

export const CART_KEY = browserKeys.cart;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCart(): CartItem[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(CART_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    // An item written by an older build that no longer fits the schema is dropped, not trusted.
    return value.flatMap((item) => {
      const parsed = cartItemSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

export function writeCart(cart: readonly CartItem[]): void {
  try {
    storage()?.setItem(CART_KEY, JSON.stringify(cart));
  } catch {
    // storage full or denied: the saved cart on the server is what checkout reads
  }
}

export function clearCart(): void {
  writeCart([]);
}

export function addItem(item: CartItem): CartItem[] {
  const cart = addToCart(readCart(), item);
  writeCart(cart);
  return cart;
}

export function setItemQuantity(id: number, quantity: number): CartItem[] {
  const cart = setCartQuantity(readCart(), id, quantity);
  writeCart(cart);
  return cart;
}
