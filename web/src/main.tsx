import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { prefetchProducts } from './catalog/useProducts';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { captureConversionId } from './checkout/conversionId';
import { captureLanding } from './tracking/captureLanding';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

captureLanding(); // before the router, which drops the query string of an unknown path
captureConversionId(); // the affiliate's c_id, kept for the checkout
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
// Started before the first render so the catalog loads while the loading screen counts.
const ready = prefetchProducts(queryClient);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} ready={ready} />
  </StrictMode>,
);
