/**
 * Marketing's pages of the console (admins see them too), downloaded the first time one opens:
 * the conversion funnel, the live conversions and the affiliate conversions. They show counts and
 * money only, never a person (issue 28).
 */
import type { ConsoleSection } from '@clinic/contracts';
import { SectionPage } from '../SectionPage';
import AffiliateConversionsPage from './AffiliateConversionsPage';

export type MarketingPageKey = 'conversion-funnel' | 'live-conversions' | 'affiliate-conversions';

export default function MarketingPages({ section }: { section: ConsoleSection }) {
  switch (section.key) {
    case 'affiliate-conversions':
      return <AffiliateConversionsPage section={section} />;
    default:
      return <SectionPage section={section} />;
  }
}
