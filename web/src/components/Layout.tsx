import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';

/** The frame of every page: header, the page, footer. */
export function Layout() {
  return (
    <div className="app-shell">
      <ScrollToTop />
      <Header />
      <div className="app-shell__content">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
