import { prescriptionMainType, type CartItem, type Product } from '@clinic/contracts';

/**
 * A plan product as a cart line. The price shown is month 1's; the server prices the saved cart
 * from its own catalog, so these numbers are for display only.
 */
export function cartItemFromProduct(product: Product): CartItem {
  return {
    id: product.id,
    name: product.name,
    price: product.pricing.first_month_price,
    retail_price: product.pricing.retail_price,
    quantity: 1,
    main_type: prescriptionMainType,
    // The catalog's only descriptive line ("Compound Medication"); products carry no image URL.
    subheader: product.image_pre_text,
    category: product.category,
    sku: product.sku,
    stripe_id: product.stripe_id,
  };
}
