/**
 * React Query for the pages that use it (the plan, checkout, the portal, the console): a layout
 * route downloaded with the first of them (routes.tsx), so the quiz and the account pages do not
 * carry the library. A page that calls `useQuery` must sit under it in the route map.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { prefetchProducts } from './catalog/useProducts';
import { createQueryClient } from './queryClient';

/** The app's one client: every page under the scope shares its cache. */
const queryClient = createQueryClient();

export function QueryScope() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** Starts loading the catalog into the shared cache (settles, never rejects). */
export function prefetchCatalog(): Promise<void> {
  return prefetchProducts(queryClient);
}
