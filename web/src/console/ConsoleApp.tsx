import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getSession, setSession, useSession } from '../session/session';
import { ConsoleShell } from './ConsoleShell';
import { consoleMeQuery, isForbidden } from './consoleMe';
import { SectionPage } from './SectionPage';
import { sectionCopy } from './sections';
import type { CatalogPageKey } from './catalog/CatalogPages';
import type { ClinicPageKey } from './clinic/ClinicPages';
import type { MarketingPageKey } from './marketing/MarketingPages';
import type { PharmacyPageKey } from './pharmacy/PharmacyPages';
import type { SupportPageKey } from './support/SupportPages';
import './console.css';

const ClinicPages = lazy(() => import('./clinic/ClinicPages'));
const PharmacyPages = lazy(() => import('./pharmacy/PharmacyPages'));
const SupportPages = lazy(() => import('./support/SupportPages'));
const MarketingPages = lazy(() => import('./marketing/MarketingPages'));
const PrivacyRequestsPage = lazy(() => import('./privacy/PrivacyRequestsPage'));
const StateRulesPage = lazy(() => import('./state-rules/StateRulesPage'));
const CatalogPages = lazy(() => import('./catalog/CatalogPages'));
const StaffAccountsPage = lazy(() => import('./staff/StaffAccountsPage'));

/** The sections ClinicPages renders; the others show their placeholder (SectionPage). */
const clinicKeys = new Set<string>([
  'review-queue',
  'decisions',
  'prescriptions',
  'patient-messages',
  'audit-trail',
] satisfies ClinicPageKey[]);
const isClinicKey = (key: string): key is ClinicPageKey => clinicKeys.has(key);

/** The sections PharmacyPages renders. */
const pharmacyKeys = new Set<string>([
  'orders-to-place',
  'shipments',
  'reships',
] satisfies PharmacyPageKey[]);
const isPharmacyKey = (key: string): key is PharmacyPageKey => pharmacyKeys.has(key);

/** The section SupportPages renders (a conversation: chat-inbox/{conversationId}). */
const isSupportKey = (key: string): key is SupportPageKey => key === 'chat-inbox';

/** The sections MarketingPages renders. */
const marketingKeys = new Set<string>([
  'conversion-funnel',
  'live-conversions',
  'affiliate-conversions',
] satisfies MarketingPageKey[]);
const isMarketingKey = (key: string): key is MarketingPageKey => marketingKeys.has(key);

/** The admin's catalog sections CatalogPages renders. */
const catalogKeys = new Set<string>([
  'products',
  'prices',
  'offers',
  'coupons',
] satisfies CatalogPageKey[]);
const isCatalogKey = (key: string): key is CatalogPageKey => catalogKeys.has(key);

/**
 * The staff console under /console (BRIEF section 4), loaded only when staff open it. The route
 * map lets only staff sessions in; the server then says who is here and which sections their
 * role opens. A refused token (401) ends the session, so the guard sends them to log in again;
 * a patient's token (403) means the stored role was wrong, and believing the server sends the
 * guard to the portal rather than back here.
 */
export default function ConsoleApp() {
  const session = useSession();
  // What follows /console/: a section's key, a case (review-queue/{orderId}), a shipment
  // (orders-to-place/{shipmentId}, shipments/{shipmentId}), a patient's messages
  // (patient-messages/{userId}), or nothing.
  const { pathname } = useLocation();
  const [key = '', sub, ...more] = pathname.replace(/^\/console\/?/, '').split('/');
  const me = useQuery({ ...consoleMeQuery(session?.user.id ?? ''), enabled: session !== null });
  const forbidden = isForbidden(me.error);

  useEffect(() => {
    const current = getSession();
    if (forbidden && current)
      setSession({ ...current, user: { ...current.user, role: 'patient' } });
  }, [forbidden]);

  if (forbidden) return null;
  if (me.isError) {
    return (
      <ConsoleShell me={null}>
        <main className="console-page">
          <div className="console-empty console-empty--error" role="alert">
            <h1 className="console-empty__title">The console could not load.</h1>
            <p className="console-empty__text">Please check your connection and try again.</p>
            <button type="button" className="button" onClick={() => void me.refetch()}>
              Try again
            </button>
          </div>
        </main>
      </ConsoleShell>
    );
  }
  if (!me.data) {
    return (
      <ConsoleShell me={null}>
        <main className="console-page" aria-busy="true">
          <p className="console-page__purpose">Loading your console...</p>
        </main>
      </ConsoleShell>
    );
  }

  // /console, and any path that is not a section of this role, opens the role's first section.
  const section = me.data.sections.find((s) => s.key === key);
  const withId =
    key === 'review-queue' ||
    key === 'orders-to-place' ||
    key === 'shipments' ||
    key === 'chat-inbox' ||
    key === 'patient-messages';
  const subId = withId && sub !== undefined ? Number(sub) : null;
  const valid =
    section &&
    more.length === 0 &&
    (sub === undefined ||
      sub === '' ||
      (subId !== null && Number.isSafeInteger(subId) && subId > 0));
  if (!valid) return <Navigate to={`/console/${me.data.sections[0]?.key ?? ''}`} replace />;
  const loading = (
    <main className="console-page" aria-busy="true">
      <p className="console-page__purpose">Loading...</p>
    </main>
  );
  return (
    <ConsoleShell me={me.data}>
      {isClinicKey(section.key) ? (
        <Suspense fallback={loading}>
          <ClinicPages section={section.key} orderId={subId || null} staffId={me.data.staff.id} />
        </Suspense>
      ) : isPharmacyKey(section.key) ? (
        <Suspense fallback={loading}>
          <PharmacyPages section={section.key} shipmentId={subId || null} />
        </Suspense>
      ) : isSupportKey(section.key) ? (
        <Suspense fallback={loading}>
          <SupportPages
            section={section.key}
            conversationId={subId || null}
            staffId={me.data.staff.id}
          />
        </Suspense>
      ) : isMarketingKey(section.key) ? (
        <Suspense fallback={loading}>
          <MarketingPages page={section.key} section={section} copy={sectionCopy[section.key]} />
        </Suspense>
      ) : isCatalogKey(section.key) ? (
        <Suspense fallback={loading}>
          <CatalogPages page={section.key} section={section} copy={sectionCopy[section.key]} />
        </Suspense>
      ) : section.key === 'privacy-requests' ? (
        <Suspense fallback={loading}>
          <PrivacyRequestsPage section={section} copy={sectionCopy[section.key]} />
        </Suspense>
      ) : section.key === 'state-rules' ? (
        <Suspense fallback={loading}>
          <StateRulesPage section={section} copy={sectionCopy[section.key]} />
        </Suspense>
      ) : section.key === 'staff-accounts' ? (
        <Suspense fallback={loading}>
          <StaffAccountsPage section={section} copy={sectionCopy[section.key]} />
        </Suspense>
      ) : (
        <SectionPage section={section} />
      )}
    </ConsoleShell>
  );
}
