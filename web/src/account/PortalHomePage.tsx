import { usePageTitle } from '../components/usePageTitle';
import { useSession } from '../session/session';
import './account.css';

/** The portal's tabs (spec 002, "Portal tabs"), built in later issues. */
export const portalTabs = ['Orders', 'Dosage', 'Doctor on Demand', 'Profile', 'Billing'] as const;

/**
 * /home, a placeholder portal: it greets the member and lists the tabs to come. It keeps
 * `data-pending-page="portal"` (the marker of pages still being built) because it is one.
 */
export function PortalHomePage() {
  usePageTitle('My Account');
  const session = useSession();
  const firstName = session?.user.first_name?.trim();

  return (
    <main className="page page--narrow account" data-pending-page="portal">
      <section className="card account__card portal" aria-labelledby="portal-title">
        <h1 id="portal-title">{firstName ? `Welcome, ${firstName}!` : 'Welcome!'}</h1>
        <p className="account__intro">
          Your patient portal is being prepared. Soon you will follow your orders, see your dosage
          plan, reach a doctor and manage your profile and billing here.
        </p>
        <ul className="portal__tabs" aria-label="Portal sections">
          {portalTabs.map((tab) => (
            <li key={tab} className="portal__tab" aria-disabled="true">
              <span>{tab}</span>
              <span className="portal__soon">Coming soon</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
