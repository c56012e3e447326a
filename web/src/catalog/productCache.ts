/**
 * The product list (spec 000 sections 7 and 9): fetched from GET /api/get-all-products, kept in
 * localStorage for 24 h. A fresh copy is used without calling the server; when the server
 * answers with an error (or cannot be reached, or sends something invalid) a stale copy is used
 * if there is one, otherwise the error is rethrown.
 */
import { getAllProducts, productCacheMs, type Product } from '@clinic/contracts';
import { callApi } from '../api/client';
import { browserKeys } from '../session/browserStorage';

export const PRODUCTS_KEY = browserKeys.products;

/** How long the products call may take before it counts as failed. */
export const productsTimeoutMs = 10_000;

/** What is stored under `PRODUCTS_KEY`. */
export interface CachedProducts {
  products: Product[];
  /** When the list was fetched, in ms since the epoch. */
  savedAt: number;
}

export interface LoadProductsOptions {
  /** The current time in ms since the epoch (injectable for tests). */
  now?: number;
  /** Where the copy is kept; localStorage by default. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Abort the request after this long (default `productsTimeoutMs`). */
  timeoutMs?: number;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCachedProducts(
  storage: Pick<Storage, 'getItem'> | null = defaultStorage(),
): CachedProducts | null {
  try {
    const raw = storage?.getItem(PRODUCTS_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CachedProducts> | null;
    if (typeof value?.savedAt !== 'number' || !Number.isFinite(value.savedAt)) return null;
    // Same validation as a server answer, so a copy written by an older build cannot break pages.
    const parsed = getAllProducts.response.safeParse({
      status: 'success',
      products: value.products,
    });
    return parsed.success ? { products: parsed.data.products, savedAt: value.savedAt } : null;
  } catch {
    return null;
  }
}

/** Fresh means saved less than `productCacheMs` ago (and not in the future). */
export function isFresh(cached: CachedProducts, now: number): boolean {
  const age = now - cached.savedAt;
  return age >= 0 && age < productCacheMs;
}

export async function loadProducts(options: LoadProductsOptions = {}): Promise<Product[]> {
  const now = options.now ?? Date.now();
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const cached = readCachedProducts(storage);
  if (cached && isFresh(cached, now)) return cached.products;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? productsTimeoutMs);
  try {
    const { products } = await callApi(getAllProducts, { signal: controller.signal });
    try {
      storage?.setItem(
        PRODUCTS_KEY,
        JSON.stringify({ products, savedAt: now } satisfies CachedProducts),
      );
    } catch {
      // storage full or denied: the list still works for this visit
    }
    return products;
  } catch (error) {
    if (cached) {
      console.warn('Product list request failed; using the cached copy.', error);
      return cached.products;
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
