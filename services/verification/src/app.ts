import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import { Pub28AddressValidator } from './address/pub28-address-validator';
import type { VerificationDeps } from './deps';
import { ContactCodes } from './domain/contact-codes';
import { ShippingAddresses } from './domain/shipping-addresses';
import { addressRoutes } from './routes/addresses';
import { codeRoutes } from './routes/codes';
import { contactChangeRoutes } from './routes/contact-changes';
import { refuseUnpaidCartSessions } from './routes/cart-sessions';
import { shippingAddressSavedAddressSubscriber } from './subscribers/shipping-address-saved-address';
import { paymentSucceededPaidCartSubscriber } from './subscribers/payment-succeeded-paid-cart';
import { stateRulesChangedCopy } from './subscribers/state-rules-changed-copy';

export type { VerificationDeps } from './deps';

/**
 * Verification owns the /verify sequence (BRIEF section 4): the shipping address and its
 * validation, the phone and email codes, and contact changes made there.
 */
export const verificationService: ServiceModule<VerificationDeps> = {
  name: 'verification',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const embedded = new Pub28AddressValidator();
    const stateRules = stateRulesChangedCopy(runtime);
    const addresses = new ShippingAddresses(
      runtime,
      deps.addressValidator ?? embedded,
      embedded,
      stateRules.cache,
    );
    const codes = new ContactCodes(runtime, deps.identity);
    const router = Router();
    router.use(refuseUnpaidCartSessions(runtime.db));
    addressRoutes(router, addresses);
    codeRoutes(router, runtime, codes);
    contactChangeRoutes(router, deps.identity, codes);
    return {
      router,
      subscribers: [
        shippingAddressSavedAddressSubscriber,
        paymentSucceededPaidCartSubscriber,
        stateRules.subscriber,
      ],
    };
  },
};
