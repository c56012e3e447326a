import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';

/**
 * The footer (links, card brands, the seal) sits below every page's first screen: it comes in
 * its own download beside the page, not in the first load. Should it not arrive (offline), the
 * page shows without it.
 */
const Footer = lazy<ComponentType>(() =>
  import('./Footer').then(
    (m) => ({ default: m.Footer }),
    () => ({ default: () => null }),
  ),
);

/** The frame of every page: header, the page, footer. */
export function Layout() {
  return (
    <div className="app-shell">
      <ScrollToTop />
      <Header />
      <div className="app-shell__content">
        <Outlet />
      </div>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
