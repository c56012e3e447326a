import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { FulfillmentDeps } from './deps';
import { Reships } from './domain/reships';
import { Shipments } from './domain/shipments';
import { patientMessageJobOf } from '@clinic/identity-client';
import { rememberPatientJob } from './jobs/remember-patient';
import { shipDueSupplyJob } from './jobs/ship-due-supply';
import { patientReshipRoutes } from './routes/patient-reships';
import { pharmacyReshipRoutes } from './routes/pharmacy-reships';
import { pharmacyShipmentRoutes } from './routes/pharmacy-shipments';
import { applicationWithdrawnCloseSubscriber } from './subscribers/application-withdrawn-close';
import { assessmentDeniedCloseSubscriber } from './subscribers/assessment-denied-close';
import { paymentSucceededSuppliesSubscriber } from './subscribers/payment-succeeded-supplies';
import { prescriptionAcceptedShipmentsSubscriber } from './subscribers/prescription-accepted-shipments';
import { prescriptionApprovedRecordSubscriber } from './subscribers/prescription-approved-record';
import { renewalSupplyUpcomingSuppliesSubscriber } from './subscribers/renewal-supply-upcoming-supplies';
import { shippingAddressSavedAddressSubscriber } from './subscribers/shipping-address-saved-address';
import { stateRulesChangedCopy } from './subscribers/state-rules-changed-copy';
import { subscriptionCancelledRefillsSubscriber } from './subscribers/subscription-cancelled-refills';

export type { FulfillmentDeps } from './deps';

/**
 * Fulfilment owns the pharmacy's work (BRIEF section 4): a shipment for each accepted
 * prescription, renewal supply and approved reship; placing, pausing, shipping (carrier and
 * tracking number) and delivering it, each step an event and an email to the patient; and the
 * patient's reship requests.
 */
export const fulfillmentService: ServiceModule<FulfillmentDeps> = {
  name: 'fulfillment',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const reships = new Reships(runtime, deps.forms, deps.publicUrl);
    const stateRules = stateRulesChangedCopy(runtime);
    pharmacyShipmentRoutes(
      router,
      runtime,
      deps.identity,
      new Shipments(runtime, deps.publicUrl, stateRules.cache),
    );
    pharmacyReshipRoutes(router, deps.identity, reships);
    patientReshipRoutes(router, reships);
    return {
      router,
      subscribers: [
        stateRules.subscriber,
        paymentSucceededSuppliesSubscriber(runtime, deps.publicUrl),
        renewalSupplyUpcomingSuppliesSubscriber(runtime, deps.publicUrl),
        subscriptionCancelledRefillsSubscriber(runtime),
        prescriptionApprovedRecordSubscriber,
        prescriptionAcceptedShipmentsSubscriber(runtime, deps.publicUrl),
        assessmentDeniedCloseSubscriber,
        applicationWithdrawnCloseSubscriber,
        shippingAddressSavedAddressSubscriber,
      ],
      jobs: [
        patientMessageJobOf(runtime, deps.identity),
        rememberPatientJob(runtime, deps.identity),
        shipDueSupplyJob(runtime, deps.publicUrl),
      ],
    };
  },
};
