/**
 * The staff console's entry in the route map, and the only console file in the main bundle: the
 * console itself downloads when staff open it, so patients (and the quiz) never load its code.
 * A failed download is the route map's PageBoundary's to show (the app's plain router ignores a
 * route's errorElement, so the console keeps none).
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../session/RequireAuth';

const ConsoleApp = lazy(() => import('./ConsoleApp'));

/**
 * /console, its sections and one case of the review queue (/console/review-queue/{orderId}):
 * staff only; a patient is sent to /home (RequireAuth). ConsoleApp reads the rest of the path
 * and renders the page inside its frame once the server has said which sections the role opens
 * (no child routes here: this file is in the main bundle, which the quiz's budget counts).
 */
export const consoleRoute: RouteObject = {
  path: '/console/*',
  element: (
    <RequireAuth audience="staff">
      <Suspense fallback={<p aria-busy="true">Loading the staff console...</p>}>
        <ConsoleApp />
      </Suspense>
    </RequireAuth>
  ),
};
