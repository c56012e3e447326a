import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { captureConversionId } from './checkout/conversionId';
import { hasStoredSession, loadSessionContract } from './session/session';
import { captureLanding } from './tracking/captureLanding';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

captureLanding(); // before the router, which drops the query string of an unknown path
captureConversionId(); // the affiliate's c_id, kept for the checkout
// The catalog starts loading beside the first page; no page waits for it before showing (those
// that need it ask React Query), so neither it nor React Query is part of the entry.
void import('./queryScope').then(({ prefetchCatalog }) => prefetchCatalog());

// Started by boot.ts once the loading screen has painted. The first render is a transition,
// which React renders in slices of a few milliseconds, yielding to the browser between them: the
// loading screen keeps animating and no single long task blocks input while the page builds.
const root = createRoot(container);
function render() {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// A stored session is read through its contract, which only a logged-in visitor downloads: the
// first page then renders as theirs (a guarded page would otherwise send them to /login).
if (hasStoredSession()) void loadSessionContract().then(render, render);
else render();
