/**
 * The section's copy comes from ConsoleApp: a module this chunk shared with ConsoleApp's would
 * merge the two (see ConsoleEmpty.tsx).
 *
 * Marketing's pages of the console (admins see them too), downloaded the first time one opens:
 * the conversion funnel, the live conversions and the affiliate conversions. They show counts and
 * money only, never a person (issue 28).
 */
import type { ConsoleSection } from '@clinic/contracts';
import type { SectionCopy } from '../sections';
import AffiliateConversionsPage from './AffiliateConversionsPage';
import { FunnelPage } from './FunnelPage';
import { LiveConversionsPage } from './LiveConversionsPage';
import './marketing.css';

export type MarketingPageKey = 'conversion-funnel' | 'live-conversions' | 'affiliate-conversions';

export default function MarketingPages({
  page,
  section,
  copy,
}: {
  page: MarketingPageKey;
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  switch (page) {
    case 'conversion-funnel':
      return <FunnelPage section={section} copy={copy} />;
    case 'live-conversions':
      return <LiveConversionsPage section={section} copy={copy} />;
    case 'affiliate-conversions':
      return <AffiliateConversionsPage section={section} copy={copy} />;
  }
}
