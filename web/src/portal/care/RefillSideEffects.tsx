/**
 * "Report a side effect" on the refill check-in (issue 31, item 4), shown by the medical form's
 * refill questionnaire: its answers about side effects reach the clinician with the check-in, but
 * a symptom that cannot wait for that review is triaged here at once, with the same form as the
 * "This week" card (red flags: stop and get help now; the clinician is told). Nothing for a form
 * id that is no order number. Hook for end-to-end tests: aside#mf-side-effects.
 */
import { ReportSideEffect } from './ReportSideEffect';
import { careTexts } from './careTexts';
import './care.css';

export function RefillSideEffects({ formId }: { formId: string }) {
  const orderId = Number(formId);
  if (!Number.isInteger(orderId) || orderId <= 0) return null;
  return (
    <aside id="mf-side-effects" className="mf-side-effects" aria-labelledby="mf-side-effects-title">
      <h2 id="mf-side-effects-title" className="mf-side-effects__title">
        {careTexts.refillReportTitle}
      </h2>
      <p className="mf-side-effects__lead">{careTexts.refillReportLead}</p>
      <ReportSideEffect orderId={orderId} level={3} />
    </aside>
  );
}
