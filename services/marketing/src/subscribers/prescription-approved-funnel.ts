/** the clinic's prescription-approved: approved (counted once a person, on the first). */
import { prescriptionApproved } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';

export const prescriptionApprovedFunnel = funnelSubscriber(prescriptionApproved, (data) => ({
  step: 'approved',
  personKey: personOfUser(data.userId),
}));
