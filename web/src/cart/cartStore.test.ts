import type { CartItem } from '@clinic/contracts';
import { cartItemFromProduct } from './cartItem';
import { CART_KEY, addItem, clearCart, readCart, setItemQuantity } from './cartStore';
import { planProduct } from '../intake/testing/fixtures';

const plan = cartItemFromProduct(planProduct(1, 'tirzepatide', 'tirz_plan_1', 'default'));
const addOn: CartItem = { ...plan, id: 7, name: 'GLP Anti-Nausea', main_type: 'OTC' };

beforeEach(() => localStorage.clear());

describe('cart store', () => {
  it('turns a plan product into a prescription line priced at month 1', () => {
    expect(plan).toEqual({
      id: 1,
      name: 'Tirzepatide',
      price: 224.99,
      retail_price: 349.97,
      quantity: 1,
      main_type: 'Prescription',
      subheader: 'Compound Medication',
      category: 'primary',
      sku: 'tirz_plan_1',
      stripe_id: 'tirz_plan_1',
    });
  });

  it('keeps the cart in localStorage with the contracts rules', () => {
    addItem(plan);
    addItem(plan); // a prescription stays at quantity 1
    addItem(addOn);
    addItem(addOn);
    expect(readCart().map((i) => [i.id, i.quantity])).toEqual([
      [1, 1],
      [7, 2],
    ]);
    setItemQuantity(7, 0);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual([plan]);
    clearCart();
    expect(readCart()).toEqual([]);
  });

  it('drops unreadable stored items', () => {
    localStorage.setItem(CART_KEY, JSON.stringify([plan, { id: 'x' }]));
    expect(readCart()).toEqual([plan]);
    localStorage.setItem(CART_KEY, '{');
    expect(readCart()).toEqual([]);
  });
});
