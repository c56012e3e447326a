/**
 * The admin's catalog sections in one lazy bundle: products, prices, offers and coupons. The
 * sections' copy comes from ConsoleApp: a module
 * this chunk shared with ConsoleApp's would merge the two (see ConsoleEmpty.tsx).
 */
import type { ConsoleSection } from '@clinic/contracts';
import type { SectionCopy } from '../sections';
import { CouponsPage } from './CouponsPage';
import { OffersPage } from './OffersPage';
import { PricesPage } from './PricesPage';
import { ProductsPage } from './ProductsPage';
import '../record.css';
import './catalog.css';

export type CatalogPageKey = 'products' | 'prices' | 'offers' | 'coupons';

export default function CatalogPages({
  page,
  section,
  copy,
}: {
  page: CatalogPageKey;
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  switch (page) {
    case 'products':
      return <ProductsPage section={section} copy={copy} />;
    case 'prices':
      return <PricesPage section={section} copy={copy} />;
    case 'offers':
      return <OffersPage section={section} copy={copy} />;
    case 'coupons':
      return <CouponsPage section={section} copy={copy} />;
  }
}
