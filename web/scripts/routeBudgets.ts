import type { RouteBudget } from './routeBudget';

/**
 * The routes of web/src/routes.tsx and the page module each one's `lazy` downloads (keys of the
 * Vite manifest). A budget is the most a first load of the route may download in gzipped
 * JavaScript, in KiB; `null` prints the route without judging it. Issue 14: the quiz at / in
 * 120 KiB. The others are set a few KiB above what they weigh now, so growth is a decision.
 * Issue 17 (2026-11-24): the quiz's budget rose to 120.5 KiB for the route table's entries of
 * the pharmacy console and the replacement wizard (0.2 KiB); the next route must come with a
 * trimming pass of the shared frame (docs/performance.md).
 * Issue 26 (2026-11-27): the Billing tab loads with its tab, as the others do, so /home's first
 * load fell from 143.8 to 127 KiB; its budget is 130 KiB. Log Out's key registry and the login
 * code took / to 120.9 KiB; the routes' OpenAPI summaries left the browser build
 * (scripts/routeSummaries.ts) and / is 120.4 KiB again.
 * Issue 28 (2026-11-27): the quiz sends the lead's offer variants with its tracking, and a
 * landing with a campaign starts the (lazily loaded) visit report: / sits at 120.5 KiB within a
 * few bytes of its budget, so any edit to the shared frame tipped it over; the budget is 120.6
 * KiB. The trimming pass of the shared frame (docs/performance.md) is still owed.
 * Issue 29 (2026-11-27): the trimming pass. The frame no longer builds a schema at start-up: a
 * stored session is read through its contract loaded on demand (session/sessionUser.ts), the
 * campaign cookie is written without zod and read back by the quiz's submission, which comes
 * with the click; the footer, Log Out, the help pages' wrapper and quiz steps 2 to 9 are
 * downloads of their own. / fell from 120.5 to 95.0 KiB (zod, about 22 KiB, left it) and its
 * budget is the issue's goal, 95 KiB; /home fell to 122.1 KiB, its budget 124 KiB. The web
 * package declares that only its CSS has side effects (package.json `sideEffects`), so a page
 * that takes two parts of the UI kit's index no longer downloads the rest (the card form and the
 * checkout contract came with /login): /login fell from 126.3 to 117.6 KiB. The login's own
 * contract then came with the form's first focus (account/loginContract.ts): 93.9 KiB, its
 * budget 96 KiB.
 * Issue 30 (2026-11-28): the admin console's catalog and state rules. The checkout reads its
 * prices and offers through their own contract module (contracts/api/catalog-prices.ts), not the
 * console's, and loads the unserved-state check after the page: /weight-loss-payment is 147.4
 * KiB. The legal pages load the rules and prices they quote after the page: /legal/:slug fell
 * from 114.3 to 91.3 KiB. / gained no code but sat 12 bytes under its budget, where a build's new
 * hashes move it: the lazy chunks' preload lists, which the entry holds, no longer name the
 * framework's chunk, which the entry has loaded already (vite.config.ts): / is 95.0 KiB, 60 bytes
 * under.
 */
export const routeBudgets: readonly RouteBudget[] = [
  { route: '/', module: 'src/intake/IntakePage.tsx', budgetKiB: 95 },
  { route: '/weight-loss-report', module: 'src/plan/ReportPage.tsx', budgetKiB: null },
  { route: '/weight-loss-plan', module: 'src/plan/PlanPage.tsx', budgetKiB: null },
  { route: '/weight-loss-payment', module: 'src/checkout/CheckoutPage.tsx', budgetKiB: 148 },
  { route: '/payment/thanks', module: 'src/thanks/UpsellPage.tsx', budgetKiB: null },
  { route: '/status-progress', module: 'src/thanks/StatusProgressPage.tsx', budgetKiB: null },
  { route: '/verify', module: 'src/verify/VerifyPage.tsx', budgetKiB: null },
  { route: '/sorry', module: 'src/account/SorryPage.tsx', budgetKiB: null },
  {
    route: '/doctors-unavailable',
    module: 'src/account/DoctorsUnavailablePage.tsx',
    budgetKiB: null,
  },
  { route: '/not-qualified', module: 'src/account/NotQualifiedPage.tsx', budgetKiB: null },
  { route: '/login', module: 'src/account/LoginPage.tsx', budgetKiB: 96 },
  { route: '/forgot-password', module: 'src/account/ForgotPasswordPage.tsx', budgetKiB: null },
  { route: '/password-reset/:token', module: 'src/account/PasswordResetPage.tsx', budgetKiB: null },
  { route: '/legal/:slug', module: 'src/legal/LegalPage.tsx', budgetKiB: null },
  { route: '/about', module: 'src/legal/AboutPage.tsx', budgetKiB: null },
  { route: '/support', module: 'src/support/SupportPage.tsx', budgetKiB: null },
  { route: '/faq', module: 'src/support/FaqPage.tsx', budgetKiB: null },
  { route: '/home', module: 'src/portal/PortalHomePage.tsx', budgetKiB: 124 },
  { route: '/medical-form/:id', module: 'src/medical-form/MedicalFormPage.tsx', budgetKiB: null },
  { route: '/upload-video/:id', module: 'src/upload-video/UploadVideoPage.tsx', budgetKiB: null },
  { route: '/prescription/:id', module: 'src/prescription/PrescriptionPage.tsx', budgetKiB: null },
  { route: '/adjust-doses/:id', module: 'src/prescription/AdjustDosesPage.tsx', budgetKiB: null },
  { route: '/rejected/:id', module: 'src/prescription/RejectedPage.tsx', budgetKiB: null },
  {
    route: '/replacement-request',
    module: 'src/reship/ReplacementRequestPage.tsx',
    budgetKiB: null,
  },
  { route: '/invoice/:paymentIntentId', module: 'src/invoice/InvoicePage.tsx', budgetKiB: null },
  // /meeting-missed downloads with /rejected/:id (src/prescription/RejectedPage.tsx re-exports it).
  { route: '/medical-form (pending)', module: 'src/medical-form/PendingPage.tsx', budgetKiB: null },
  { route: '/console', module: 'src/console/ConsoleApp.tsx', budgetKiB: null },
];
