import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { productCacheMs } from '@clinic/contracts';
import { loadProducts } from './productCache';

export const productsQuery = queryOptions({
  queryKey: ['products'] as const,
  queryFn: () => loadProducts(),
  staleTime: productCacheMs,
  // loadProducts already falls back to the stored copy; retrying would only delay the app start.
  retry: false,
});

/** The product catalog (plans and add-ons). */
export function useProducts() {
  return useQuery(productsQuery);
}

/** Starts loading the catalog; the promise settles (never rejects) when the call is done. */
export function prefetchProducts(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(productsQuery);
}
