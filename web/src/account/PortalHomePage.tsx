import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { BillingTab } from '../portal/BillingTab';
import { NextStep } from '../portal/NextStep';
import { useSession } from '../session/session';
import '../portal/portal.css';

/** The portal's tabs (spec 002, "Portal tabs"); only Billing is built so far. */
export const portalTabs = ['Orders', 'Dosage', 'Doctor on Demand', 'Profile', 'Billing'] as const;
type PortalTab = (typeof portalTabs)[number];

/** The tabs that work today; the others show as coming soon. */
const readyTabs: readonly PortalTab[] = ['Billing'];

/**
 * /home, the patient portal: a greeting, what to do next (the medical assessment of a paid order
 * that waits for it), the tab bar and the Billing tab (spec 001 section 2).
 * It keeps `data-pending-page="portal"` (the marker of pages still being built) while the other
 * tabs are to come.
 */
export function PortalHomePage() {
  usePageTitle('My Account');
  const session = useSession();
  const firstName = session?.user.first_name?.trim();
  const selected: PortalTab = 'Billing';

  return (
    <main className="page portal-page" data-pending-page="portal">
      <header className="portal-page__head">
        <h1 id="portal-title">{firstName ? `Welcome, ${firstName}!` : 'Welcome!'}</h1>
        <p className="portal-page__intro">
          Your orders, dosage plan, doctor and profile are coming here soon.
        </p>
        <p className="portal-page__intro">
          Questions? <Link to="/support">Help and support</Link>
        </p>
      </header>
      <NextStep />
      <div className="portal-tabs" role="tablist" aria-label="Portal sections">
        {portalTabs.map((tab) => {
          const ready = readyTabs.includes(tab);
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`portal-tab-${tab.toLowerCase().replace(/\s+/g, '-')}`}
              className="portal-tabs__tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? 'portal-panel' : undefined}
              aria-disabled={ready ? undefined : true}
              tabIndex={isSelected ? 0 : -1}
            >
              <span>{tab}</span>
              {!ready && <span className="portal-tabs__soon">Coming soon</span>}
            </button>
          );
        })}
      </div>
      <section id="portal-panel" role="tabpanel" aria-labelledby="portal-tab-billing">
        <BillingTab />
      </section>
    </main>
  );
}
