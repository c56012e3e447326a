/**
 * The admin's catalog sections in one lazy bundle: coupons now; products, prices and offers keep
 * their placeholder until their pages arrive. The sections' copy comes from ConsoleApp: a module
 * this chunk shared with ConsoleApp's would merge the two (see ConsoleEmpty.tsx).
 */
import type { ConsoleSection } from '@clinic/contracts';
import type { SectionCopy } from '../sections';
import { CouponsPage } from './CouponsPage';
import '../record.css';
import './catalog.css';

export type CatalogPageKey = 'coupons';

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
    case 'coupons':
      return <CouponsPage section={section} copy={copy} />;
  }
}
