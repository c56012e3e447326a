import { Suspense, lazy, useEffect, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { ChatBubble } from '../chat/ChatBubble';
import { NextStep } from '../portal/NextStep';
import { hasPrescriptionData, orderItemsQuery } from '../portal/orderItemsApi';
import { useSession } from '../session/session';
import '../portal/portal.css';

// The Orders, Dosage, Doctor on Demand, Profile and Billing tabs (and the contracts' rules they
// read) load when first shown.
const OrdersTab = lazy(() => import('../portal/orders/OrdersTab'));
const DosageTab = lazy(() => import('../portal/dosage/DosageTab'));
const ProfileTab = lazy(() => import('../portal/profile/ProfileTab'));
const DoctorTab = lazy(() => import('../portal/doctor/DoctorTab'));
const BillingTab = lazy(() =>
  import('../portal/BillingTab').then(({ BillingTab }) => ({ default: BillingTab })),
);

/** The portal's tabs (spec 002, "Portal tabs"). */
export const portalTabs = ['Orders', 'Dosage', 'Doctor on Demand', 'Profile', 'Billing'] as const;
type PortalTab = (typeof portalTabs)[number];

/** "Doctor on Demand" -> "doctor-on-demand": the tab's `?tab=` value and id suffix. */
export function tabSlug(tab: PortalTab): string {
  return tab.toLowerCase().replace(/\s+/g, '-');
}

const tabId = (tab: PortalTab) => `portal-tab-${tabSlug(tab)}`;

/**
 * /home, the patient portal: a greeting, what to do next (the medical assessment of a paid order
 * that waits for it), the tab bar and the selected tab: Orders (the default), Dosage (only while
 * some order has prescription data, spec 002; gone, the portal falls back to Orders), Doctor on
 * Demand (only with a health id, spec 002; gone, likewise), Profile ('Manage Account', spec 002)
 * and Billing (spec 001 section 2). `?tab=billing` (or orders, dosage, doctor-on-demand,
 * profile) opens a tab; choosing one writes it.
 */
export function PortalHomePage() {
  usePageTitle('My Account');
  const session = useSession();
  const firstName = session?.user.first_name?.trim();
  const [params, setParams] = useSearchParams();
  const { data } = useQuery(orderItemsQuery);

  const dosageShown = hasPrescriptionData(data?.orders);
  const doctorShown = Boolean(data?.health_id);
  const shownTabs = portalTabs.filter(
    (tab) => (tab !== 'Dosage' || dosageShown) && (tab !== 'Doctor on Demand' || doctorShown),
  );
  const asked = shownTabs.find((tab) => tabSlug(tab) === params.get('tab'));
  const selected: PortalTab = asked ?? 'Orders';

  // On a phone the tab row scrolls sideways: the selected tab is brought fully into the row
  // (sideways only, the page itself does not move), so a tab opened by its link is not cut off.
  useEffect(() => {
    const tab = document.getElementById(tabId(selected));
    const row = tab?.parentElement;
    if (!tab || !row) return;
    const box = tab.getBoundingClientRect();
    const frame = row.getBoundingClientRect();
    if (box.right > frame.right) row.scrollLeft += box.right - frame.right;
    else if (box.left < frame.left) row.scrollLeft -= frame.left - box.left;
  }, [selected]);

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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = shownTabs.indexOf(selected);
    const count = shownTabs.length;
    const next =
      event.key === 'ArrowRight'
        ? shownTabs[(at + 1) % count]
        : event.key === 'ArrowLeft'
          ? shownTabs[(at - 1 + count) % count]
          : event.key === 'Home'
            ? shownTabs[0]
            : event.key === 'End'
              ? shownTabs[count - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    choose(next);
    document.getElementById(tabId(next))?.focus();
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
      <NextStep />
      <div
        className="portal-tabs"
        role="tablist"
        aria-label="Portal sections"
        onKeyDown={onKeyDown}
      >
        {shownTabs.map((tab) => {
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              type="button"
              role="tab"
              id={tabId(tab)}
              className="portal-tabs__tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? 'portal-panel' : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={isSelected ? undefined : () => choose(tab)}
            >
              <span>{tab}</span>
            </button>
          );
        })}
      </div>
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
