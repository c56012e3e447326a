import { addToCart, setCartQuantity } from './cart';

const plan = { id: 1, quantity: 1, main_type: 'Prescription' };
const pills = { id: 7, quantity: 1, main_type: 'Addon' };

describe('cart rules (spec 000 section 3)', () => {
  it('raises the quantity of an item added again', () => {
    expect(addToCart(addToCart([], pills), pills)).toEqual([{ ...pills, quantity: 2 }]);
  });

  it('keeps a prescription at quantity 1 however it is added or set', () => {
    expect(addToCart(addToCart([], plan), plan)).toEqual([plan]);
    expect(addToCart([], { ...plan, quantity: 3 })).toEqual([plan]);
    expect(setCartQuantity([plan], 1, 5)).toEqual([plan]);
  });

  it('removes an item set to 0 or less, and adds none with quantity 0', () => {
    expect(setCartQuantity([plan, pills], 7, 0)).toEqual([plan]);
    expect(setCartQuantity([plan, pills], 1, -1)).toEqual([pills]);
    expect(addToCart([], { ...pills, quantity: 0 })).toEqual([]);
  });
});
