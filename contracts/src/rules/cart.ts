/**
 * The cart rules of spec 000 section 3, shared by the browser's cart and the checkout service:
 * adding an item already in the cart raises its quantity by 1, a prescription is always quantity
 * 1, and a quantity of 0 or less removes the item.
 */
export const prescriptionMainType = 'Prescription';

export interface CartLine {
  id: number;
  quantity: number;
  main_type: string;
}

function normalised<T extends CartLine>(item: T): T {
  return item.main_type === prescriptionMainType ? { ...item, quantity: 1 } : item;
}

export function addToCart<T extends CartLine>(cart: readonly T[], item: T): T[] {
  const existing = cart.find((line) => line.id === item.id);
  if (!existing) return item.quantity > 0 ? [...cart, normalised(item)] : [...cart];
  return cart.map((line) =>
    line.id === item.id ? normalised({ ...line, quantity: line.quantity + 1 }) : line,
  );
}

export function setCartQuantity<T extends CartLine>(
  cart: readonly T[],
  id: number,
  quantity: number,
): T[] {
  if (quantity <= 0) return cart.filter((line) => line.id !== id);
  return cart.map((line) => (line.id === id ? normalised({ ...line, quantity }) : line));
}
