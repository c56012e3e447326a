/**
 * checkout's refund-issued: money went back to a patient (a denial, a withdrawal, or a refund
 * made at the processor), kept in cents with its kind, once per refunded charge.
 */
import { refundIssued } from '@clinic/contracts';
import { funnelSubscriber } from '../domain/funnel-subscriber';
import { personOfUser } from '../domain/funnel-steps';

export const refundIssuedFunnel = funnelSubscriber(refundIssued, (data) =>
  data.userId === null
    ? null
    : {
        step: 'refunded',
        personKey: personOfUser(data.userId),
        amountCents: data.amountCents,
        reason: data.kind,
      },
);
