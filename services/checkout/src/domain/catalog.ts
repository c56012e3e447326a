import { asc, eq } from 'drizzle-orm';
import { centsToDollars, paymentTerms, type PaymentTerm, type Product } from '@clinic/contracts';
import type { Executor } from '@clinic/kit';
import { products, productTermPrices } from '../db/schema';

/** The active catalog in display order, shaped as the published Product. */
export async function listProducts(db: Executor): Promise<Product[]> {
  const [rows, prices] = await Promise.all([
    db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder)),
    db.select().from(productTermPrices).orderBy(asc(productTermPrices.paymentTerms)),
  ]);
  return rows.map((p) => {
    const terms = prices
      .filter(
        (t) => t.productId === p.id && (paymentTerms as readonly number[]).includes(t.paymentTerms),
      )
      .map((t) => ({
        payment_terms: t.paymentTerms as PaymentTerm,
        amount: centsToDollars(t.amountCents),
      }));
    return {
      id: p.id,
      name: p.name,
      sku: p.sku,
      stripe_id: p.stripeId,
      category: p.category,
      is_prescription: p.isPrescription,
      image_pre_text: p.imagePreText,
      drug: p.drug,
      offer_variant: p.offerVariant,
      pricing: {
        retail_price: centsToDollars(p.retailPriceCents),
        first_month_price: centsToDollars(p.firstMonthPriceCents),
        ...(terms.length > 0 ? { term_prices: terms } : {}),
      },
    };
  });
}
