import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scroll returns to the top on every navigation (spec 000 section 2). */
export function ScrollToTop() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}
