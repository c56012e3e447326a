import { Suspense, lazy, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { ChatBubble } from '../chat';
import { NextStep } from './NextStep';
import { hasPrescriptionData, orderItemsQuery } from './orderItemsApi';
import { useSession } from '../session/session';
import { PortalNotice, portalNoticeOf } from './PortalHomePageNotice';
import { PortalTabBar, portalTabs, tabId, tabSlug, type PortalTab } from './PortalHomePageTabs';
import './portal.css';

// The Orders, Dosage, Doctor on Demand, Profile and Billing tabs (and the contracts' rules they
// read) load when first shown.
const OrdersTab = lazy(() => import('./orders/OrdersTab'));
const DosageTab = lazy(() => import('./dosage/DosageTab'));
const ProfileTab = lazy(() => import('./profile/ProfileTab'));
const DoctorTab = lazy(() => import('./doctor/DoctorTab'));
const BillingTab = lazy(() =>
  import('./billing/BillingTab').then(({ BillingTab }) => ({ default: BillingTab })),
);
// The "This week" card (issue 31) and the care schemas load after the page.
const ThisWeekCard = lazy(() => import('./care/ThisWeekCard'));

/**
 * /home, the patient portal: a greeting, a word on what the patient just did elsewhere (the
 * notice the navigation here carried, PortalHomePageNotice), what to do next (the medical
 * assessment of a paid order that waits for it), the tab bar (PortalHomePageTabs: a bottom bar
 * on phones) and the selected tab: Orders (the default), Dosage (only while some order has
 * prescription data, spec 002; gone, the portal falls back to Orders), Doctor on Demand (only
 * with a health id, spec 002; gone, likewise), Profile ('Manage Account', spec 002) and Billing
 * (spec 001 section 2). `?tab=billing` (or orders, dosage, doctor-on-demand, profile) opens a
 * tab; choosing one writes it.
 */
export function PortalHomePage() {
  usePageTitle('My Account');
  const session = useSession();
  const firstName = session?.user.first_name?.trim();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data } = useQuery(orderItemsQuery);
  const [notice, setNotice] = useState(() => portalNoticeOf(location.state));

  // The notice belongs to the arrival that carried it: kept here until dismissed, and dropped
  // from the history entry at once, so a reload or a way back to this entry does not repeat it.
  useEffect(() => {
    const carried = portalNoticeOf(location.state);
    if (!carried) return;
    setNotice(carried);
    void navigate({ search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [location.state, location.search, location.hash, navigate]);

  const dosageShown = hasPrescriptionData(data?.orders);
  const doctorShown = Boolean(data?.health_id);
  const shownTabs = portalTabs.filter(
    (tab) => (tab !== 'Dosage' || dosageShown) && (tab !== 'Doctor on Demand' || doctorShown),
  );
  const asked = shownTabs.find((tab) => tabSlug(tab) === params.get('tab'));
  const selected: PortalTab = asked ?? 'Orders';

  const choose = (tab: PortalTab) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tabSlug(tab));
        return next;
      },
      { replace: true },
    );
  };

  return (
    <main className="page portal-page">
      <header className="portal-page__head">
        <h1 id="portal-title">{firstName ? `Welcome, ${firstName}!` : 'Welcome!'}</h1>
        {/* True on every tab: the Doctor on Demand tab shows 'Chat with Customer Service' where
            the others have the chat bubble. */}
        <p className="portal-page__intro">
          Track your orders, see your dosage plan and manage your account and billing.
          {doctorShown && ' Medical questions? Ask your doctor under Doctor on Demand.'} Questions
          about an order? Chat with us.
        </p>
        <p className="portal-page__intro">
          Questions? <Link to="/support">Help and support</Link>
        </p>
      </header>
      {notice && <PortalNotice kind={notice} onDismiss={() => setNotice(null)} />}
      <NextStep />
      <Suspense fallback={null}>
        <ThisWeekCard />
      </Suspense>
      <PortalTabBar tabs={shownTabs} selected={selected} onChoose={choose} />
      <section id="portal-panel" role="tabpanel" aria-labelledby={tabId(selected)}>
        <Suspense fallback={<p role="status">Loading...</p>}>
          {selected === 'Orders' && <OrdersTab query={orderItemsQuery} />}
          {selected === 'Dosage' && <DosageTab query={orderItemsQuery} />}
          {selected === 'Doctor on Demand' && <DoctorTab query={orderItemsQuery} />}
          {selected === 'Profile' && <ProfileTab query={orderItemsQuery} />}
          {selected === 'Billing' && <BillingTab />}
        </Suspense>
      </section>
      {/* Spec 000: the bubble is on the portal home, except while Doctor on Demand is open. */}
      {selected !== 'Doctor on Demand' && <ChatBubble />}
    </main>
  );
}
