/**
 * The route map (spec 000 section 2). Pages built in later issues render `PendingPage`.
 *
 * Every page is downloaded when first opened (`lazy`): the quiz at / carries nothing of checkout,
 * the portal or the console, and `npm run build -w @clinic/web` prints what each route's first
 * load costs and fails above its budget (web/scripts/routeBudgets.ts names the page modules
 * below). The router updates in a transition, so while a page downloads the current one stays on
 * screen; on a first load the loading screen of index.html stays until the page is there
 * (AppGate). The plain router (BrowserRouter and useRoutes) rather than the data router: half the
 * size, and no page uses loaders or actions.
 */
import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { AppGate } from './components/AppGate';
import { Layout } from './components/Layout';
import { NoticePage } from './components/NoticePage';
import { consoleRoute } from './console/consoleRoute';
import { homeOf } from './session/audience';
import { RequireAuth } from './session/RequireAuth';
import { getSession, isCartSession } from './session/session';

/** A page component downloaded the first time it renders. */
function page<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

const IntakePage = page(() => import('./intake/IntakePage').then((m) => m.IntakePage));
const ReportPage = page(() => import('./plan/ReportPage').then((m) => m.ReportPage));
const PlanPage = page(() => import('./plan/PlanPage').then((m) => m.PlanPage));
const CheckoutPage = page(() => import('./checkout/CheckoutPage').then((m) => m.CheckoutPage));
const UpsellPage = page(() => import('./thanks/UpsellPage').then((m) => m.UpsellPage));
const StatusProgressPage = page(() =>
  import('./thanks/StatusProgressPage').then((m) => m.StatusProgressPage),
);
const VerifyPage = page(() => import('./verify/VerifyPage').then((m) => m.VerifyPage));
const SorryPage = page(() => import('./account/SorryPage').then((m) => m.SorryPage));
const DoctorsUnavailablePage = page(() =>
  import('./account/DoctorsUnavailablePage').then((m) => m.DoctorsUnavailablePage),
);
const NotQualifiedPage = page(() =>
  import('./account/NotQualifiedPage').then((m) => m.NotQualifiedPage),
);
const LoginPage = page(() => import('./account/LoginPage').then((m) => m.LoginPage));
const ForgotPasswordPage = page(() =>
  import('./account/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const PasswordResetPage = page(() =>
  import('./account/PasswordResetPage').then((m) => m.PasswordResetPage),
);
const PortalHomePage = page(() => import('./portal/PortalHomePage').then((m) => m.PortalHomePage));
const LegalPage = page(() => import('./legal/LegalPage').then((m) => m.LegalPage));
const AboutPage = page(() => import('./legal/AboutPage').then((m) => m.AboutPage));
const MedicalFormPage = page(() =>
  import('./medical-form/MedicalFormPage').then((m) => m.MedicalFormPage),
);
const UploadVideoPage = page(() =>
  import('./upload-video/UploadVideoPage').then((m) => m.UploadVideoPage),
);
const PrescriptionPage = page(() =>
  import('./prescription/PrescriptionPage').then((m) => m.PrescriptionPage),
);
const AdjustDosesPage = page(() =>
  import('./prescription/AdjustDosesPage').then((m) => m.AdjustDosesPage),
);
// The two decision pages share a download (RejectedPage re-exports MeetingMissedPage), and one
// import site, so the entry lists its preloads once.
const decisionPages = () => import('./prescription/RejectedPage');
const RejectedPage = page(() => decisionPages().then((m) => m.RejectedPage));
const MeetingMissedPage = page(() => decisionPages().then((m) => m.MeetingMissedPage));
const ReplacementRequestPage = page(() =>
  import('./reship/ReplacementRequestPage').then((m) => m.ReplacementRequestPage),
);
const InvoicePage = page(() => import('./invoice/InvoicePage').then((m) => m.InvoicePage));
const PendingPage = page(() => import('./medical-form/PendingPage').then((m) => m.PendingPage));
// The help pages retry their own download (support/lazyPages.tsx), itself downloaded when opened.
const helpPages = () => import('./support/lazyPages');
const SupportRoute = page(() => helpPages().then((m) => m.SupportRoute));
const FaqRoute = page(() => helpPages().then((m) => m.FaqRoute));
/** React Query's provider, for the pages that use it: see queryScope.tsx. */
const QueryScope = page(() => import('./queryScope').then((m) => m.QueryScope));

/**
 * A page whose code did not arrive (offline, or a release replaced the file) says so inside the
 * frame and offers a reload, which fetches it again. Another address starts afresh.
 */
class PageBoundary extends Component<
  { at: string; children: ReactNode },
  { failed: boolean; at: string }
> {
  override state = { failed: false, at: this.props.at };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { at: string }, state: { failed: boolean; at: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <NoticePage
        icon="warning"
        title="This page could not load."
        actions={
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        }
      >
        <p className="notice__text">Please check your connection and reload the page.</p>
      </NoticePage>
    );
  }
}

/**
 * /login: a member who opens it is sent to their start, GuestOnly's rule (spec 000 section 2),
 * judged on arrival. A login made on the page then goes where the page sends it (page_ref):
 * navigations are transitions that wait for the next page's code, so a guard re-rendering with
 * the new session would redirect to the start before the page's navigation commits.
 */
function LoginRoute() {
  const [arrivedAs] = useState(getSession);
  if (arrivedAs && !isCartSession(arrivedAs)) return <Navigate to={homeOf(arrivedAs)} replace />;
  return <LoginPage />;
}

function Pages() {
  const { pathname } = useLocation();
  return (
    <PageBoundary at={pathname}>
      <Outlet />
    </PageBoundary>
  );
}

/** Routes that need a login; without one they go to /login?page_ref=<original path>. */
export const loginRequiredPaths = [
  '/home',
  '/medical-form',
  '/medical-form/:id',
  '/upload-video/:id',
  '/rejected/:id',
  '/meeting-missed',
  '/prescription/:id',
  '/adjust-doses/:id',
  '/replacement-request',
  '/invoice/:paymentIntentId',
] as const;

const pages: RouteObject[] = [
  // Public
  { path: '/', element: <IntakePage /> },
  { path: '/weight-loss-report', element: <ReportPage /> },
  // The pages that use React Query (useQuery, useQueryClient).
  {
    element: <QueryScope />,
    children: [
      { path: '/weight-loss-plan', element: <PlanPage /> },
      { path: '/weight-loss-payment/:cartId?', element: <CheckoutPage variant="public" /> },
      { path: '/weightlosspayment/:cartId?', element: <CheckoutPage variant="call-center" /> },
    ],
  },
  { path: '/payment/thanks', element: <UpsellPage /> },
  { path: '/status-progress', element: <StatusProgressPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/sorry', element: <SorryPage /> },
  { path: '/doctors-unavailable', element: <DoctorsUnavailablePage /> },
  { path: '/not-qualified', element: <NotQualifiedPage /> },
  {
    path: '/login',
    element: <LoginRoute />,
  },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/password-reset/:token', element: <PasswordResetPage /> },
  // The login page links new users to /quiz: the intake quiz lives at /.
  { path: '/quiz', element: <Navigate to="/" replace /> },
  { path: '/payment', element: <Navigate to="/home?tab=billing" replace /> },
  { path: '/legal/:slug', element: <LegalPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/support', element: <SupportRoute /> },
  { path: '/faq', element: <FaqRoute /> },

  // Login required; the medical form also opens with the checkout link's session, which
  // finishes that order's steps (docs/architecture/checkout-and-payments.md, "Cart links").
  {
    element: <RequireAuth allowCartSession />,
    children: [
      { path: '/medical-form/:id', element: <MedicalFormPage /> },
      { path: '/upload-video/:id', element: <UploadVideoPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { element: <QueryScope />, children: [{ path: '/home', element: <PortalHomePage /> }] },
      { path: '/medical-form', element: <PendingPage name="medical-form" /> },
      { path: '/rejected/:id', element: <RejectedPage /> },
      { path: '/meeting-missed', element: <MeetingMissedPage /> },
      { path: '/prescription/:id', element: <PrescriptionPage /> },
      { path: '/adjust-doses/:id', element: <AdjustDosesPage /> },
      { path: '/replacement-request', element: <ReplacementRequestPage /> },
      { path: '/invoice/:paymentIntentId', element: <InvoicePage /> },
    ],
  },

  // Any unknown path goes to /.
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    // Renders with the first page, once its code is there: ends the loading screen.
    element: <AppGate />,
    children: [
      // The staff console, in its own frame and downloaded on demand (BRIEF section 4); it
      // uses React Query.
      { element: <Pages />, children: [{ element: <QueryScope />, children: [consoleRoute] }] },
      { element: <Layout />, children: [{ element: <Pages />, children: pages }] },
    ],
  },
];
