import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The whole app: the routes. The loading screen is index.html's and the route map's root
 * (AppGate) ends it with the first page; React Query comes with the pages that use it
 * (queryScope.tsx).
 */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
