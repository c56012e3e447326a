import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppGate } from './components/AppGate';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  /** Start-up work the loading screen waits for (the products prefetch). */
  ready: Promise<unknown>;
}

/** The whole app: React Query, the start-up gate (loading screen), then the routes. */
export function App({ queryClient, router, ready }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppGate ready={ready}>
        <RouterProvider router={router} />
      </AppGate>
    </QueryClientProvider>
  );
}
