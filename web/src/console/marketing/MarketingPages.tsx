/**
 * The section's copy comes from ConsoleApp: a module this chunk shared with ConsoleApp's would
 * merge the two (see ConsoleEmpty.tsx).
 *
 * Marketing's pages of the console (admins see them too), downloaded the first time one opens:
 * the conversion funnel, the live conversions and the affiliate conversions. They show counts and
 * money only, never a person (issue 28).
 */
import type { ConsoleSection } from '@clinic/contracts';
import { usePageTitle } from '../../components/usePageTitle';
import { ConsoleEmpty } from '../ConsoleEmpty';
import type { SectionCopy } from '../sections';
import AffiliateConversionsPage from './AffiliateConversionsPage';
import { FunnelPage } from './FunnelPage';
import './marketing.css';

export type MarketingPageKey = 'conversion-funnel' | 'live-conversions' | 'affiliate-conversions';

/** A section whose page is still being built: what it is for and what will arrive there. */
function Upcoming({ section, copy }: { section: ConsoleSection; copy: SectionCopy }) {
  usePageTitle(`${section.label} · Staff console`);
  return (
    <main className="console-page" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      <ConsoleEmpty icon="funnel" title={copy.emptyTitle} text={copy.empty} />
    </main>
  );
}

export default function MarketingPages({
  section,
  copy,
}: {
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  switch (section.key) {
    case 'conversion-funnel':
      return <FunnelPage section={section} copy={copy} />;
    case 'affiliate-conversions':
      return <AffiliateConversionsPage section={section} copy={copy} />;
    default:
      return <Upcoming section={section} copy={copy} />;
  }
}
