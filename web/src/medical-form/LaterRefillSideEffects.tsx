/**
 * The refill check-in's "Report a side effect" (the portal's RefillSideEffects), downloaded after
 * the question it sits under: the form's first load, and every route's, stays as it was.
 */
import { Suspense, lazy } from 'react';

const RefillSideEffects = lazy(() =>
  import('../portal').then((portal) => ({ default: portal.RefillSideEffects })),
);

export function LaterRefillSideEffects({ formId }: { formId: string }) {
  return (
    <Suspense fallback={null}>
      <RefillSideEffects formId={formId} />
    </Suspense>
  );
}
