/**
 * Marketing's pages of the console (admins see them too), downloaded the first time one opens:
 * the conversion funnel, the live conversions and the affiliate conversions. They show counts and
 * money only, never a person (issue 28).
 */
import type { ConsoleSection } from '@clinic/contracts';
import { SectionPage } from '../SectionPage';

export type MarketingPageKey = 'conversion-funnel' | 'live-conversions' | 'affiliate-conversions';

export default function MarketingPages({ section }: { section: ConsoleSection }) {
  return <SectionPage section={section} />;
}
