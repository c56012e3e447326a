/**
 * The route map (spec 000 section 2). Pages built in later issues render `PendingPage`.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { DoctorsUnavailablePage } from './account/DoctorsUnavailablePage';
import { ForgotPasswordPage } from './account/ForgotPasswordPage';
import { LoginPage } from './account/LoginPage';
import { NotQualifiedPage } from './account/NotQualifiedPage';
import { PasswordResetPage } from './account/PasswordResetPage';
import { PortalHomePage } from './account/PortalHomePage';
import { CheckoutPage } from './checkout/CheckoutPage';
import { Layout } from './components/Layout';
import { consoleRoute } from './console/consoleRoute';
import { IntakePage } from './intake/IntakePage';
import { AboutPage } from './pages/AboutPage';
import { LegalPage } from './pages/LegalPage';
import { PendingPage } from './pages/PendingPage';
import { PlanPage } from './plan/PlanPage';
import { ReportPage } from './plan/ReportPage';
import { SorryPage } from './pages/SorryPage';
import { FaqRoute, SupportRoute } from './support/lazyPages';
import { GuestOnly, RequireAuth } from './session/RequireAuth';
import { StatusProgressPage } from './thanks/StatusProgressPage';
import { UpsellPage } from './thanks/UpsellPage';
import { VerifyPage } from './verify/VerifyPage';

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
] as const;

export const routes: RouteObject[] = [
  // The staff console, in its own frame and downloaded on demand (BRIEF section 4).
  consoleRoute,
  {
    element: <Layout />,
    children: [
      // Public
      { path: '/', element: <IntakePage /> },
      { path: '/weight-loss-report', element: <ReportPage /> },
      { path: '/weight-loss-plan', element: <PlanPage /> },
      { path: '/replacement-request', element: <PendingPage name="replacement-request" /> },
      { path: '/weight-loss-payment/:cartId?', element: <CheckoutPage variant="public" /> },
      { path: '/weightlosspayment/:cartId?', element: <CheckoutPage variant="call-center" /> },
      { path: '/payment/thanks', element: <UpsellPage /> },
      { path: '/status-progress', element: <StatusProgressPage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '/sorry', element: <SorryPage /> },
      { path: '/doctors-unavailable', element: <DoctorsUnavailablePage /> },
      { path: '/not-qualified', element: <NotQualifiedPage /> },
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/password-reset/:token', element: <PasswordResetPage /> },
      // The login page links new users to /quiz: the intake quiz lives at /.
      { path: '/quiz', element: <Navigate to="/" replace /> },
      { path: '/legal/:slug', element: <LegalPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/support', element: <SupportRoute /> },
      { path: '/faq', element: <FaqRoute /> },

      // Login required; the medical form also opens with the checkout link's session, which
      // finishes that order's steps (the README's "Cart links").
      {
        element: <RequireAuth allowCartSession />,
        children: [
          { path: '/medical-form/:id', element: <PendingPage name="medical-form" /> },
          { path: '/upload-video/:id', element: <PendingPage name="upload-video" /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/home', element: <PortalHomePage /> },
          { path: '/medical-form', element: <PendingPage name="medical-form" /> },
          { path: '/rejected/:id', element: <PendingPage name="rejected" /> },
          { path: '/meeting-missed', element: <PendingPage name="meeting-missed" /> },
          { path: '/prescription/:id', element: <PendingPage name="prescription" /> },
          { path: '/adjust-doses/:id', element: <PendingPage name="adjust-doses" /> },
        ],
      },

      // Any unknown path goes to /.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
