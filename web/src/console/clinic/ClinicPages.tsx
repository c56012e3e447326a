/**
 * The clinician's pages of the console (and the admins' audit trail), downloaded the first time
 * one opens: the console's own chunk stays small for the other roles, and the main bundle lists
 * one download for the console rather than every module these pages share.
 */
import { AuditTrailPage } from './AuditTrailPage';
import { CasePage } from './CasePage';
import { DecidedPage, PatientMessagesPage, ReviewQueuePage } from './ReviewQueuePage';

export type ClinicPageKey =
  'review-queue' | 'decisions' | 'prescriptions' | 'patient-messages' | 'audit-trail';

/** One clinic section's page, or one case of the queue when `orderId` is given. */
export default function ClinicPages({
  section,
  orderId,
  staffId,
}: {
  section: ClinicPageKey;
  orderId: number | null;
  staffId: number;
}) {
  if (orderId !== null) return <CasePage key={orderId} orderId={orderId} staffId={staffId} />;
  switch (section) {
    case 'review-queue':
      return <ReviewQueuePage />;
    case 'decisions':
    case 'prescriptions':
      return <DecidedPage key={section} kind={section} />;
    case 'patient-messages':
      return <PatientMessagesPage />;
    case 'audit-trail':
      return <AuditTrailPage />;
  }
}
