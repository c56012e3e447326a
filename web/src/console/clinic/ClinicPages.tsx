/**
 * The clinician's pages of the console (and the admins' audit trail), downloaded the first time
 * one opens: the console's own chunk stays small for the other roles, and the main bundle lists
 * one download for the console rather than every module these pages share.
 */
import { AuditTrailPage } from './AuditTrailPage';
import { CasePage } from './CasePage';
import { PatientMessagesPage } from './PatientMessagesPage';
import { DecidedPage, ReviewQueuePage } from './ReviewQueuePage';

export type ClinicPageKey =
  'review-queue' | 'decisions' | 'prescriptions' | 'patient-messages' | 'audit-trail';

/**
 * One clinic section's page, or what its id names: a case of the queue (`orderId`), or in
 * Patient messages one patient's thread (the id is the patient's user id).
 */
export default function ClinicPages({
  section,
  orderId,
  staffId,
}: {
  section: ClinicPageKey;
  orderId: number | null;
  staffId: number;
}) {
  if (section === 'patient-messages') return <PatientMessagesPage userId={orderId} />;
  if (orderId !== null) return <CasePage key={orderId} orderId={orderId} staffId={staffId} />;
  switch (section) {
    case 'review-queue':
      return <ReviewQueuePage />;
    case 'decisions':
    case 'prescriptions':
      return <DecidedPage key={section} kind={section} />;
    case 'audit-trail':
      return <AuditTrailPage />;
  }
}
