import { useEffect } from 'react';
import { BRAND_NAME } from '../brand';

/** Sets the browser tab title: "Title | Brand", or the brand alone. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
