import type { Server } from 'node:http';
import type { Router } from 'express';
import { serviceNames, type ServiceName } from '@clinic/contracts';
import { bootService, localAuditSource, type Engines, type ServiceRuntime } from '@clinic/kit';
import { chatService, type ChatDeps } from '@clinic/chat';
import { clinicService } from '@clinic/clinic';
import { checkoutService, countOpenCarts, type CheckoutDeps } from '@clinic/checkout';
import {
  countOpenOrders,
  createLocalFormsRecords,
  formsService,
  type FormsDeps,
} from '@clinic/forms';
import { fulfillmentService } from '@clinic/fulfillment';
import { createLocalIdentityDirectory, identityService } from '@clinic/identity';
import { type IdentityDirectory } from '@clinic/identity-client';
import { intakeService, type IntakeDeps, type OpenWork } from '@clinic/intake';
import { marketingService } from '@clinic/marketing';
import { verificationService, type VerificationDeps } from '@clinic/verification';
import { gatewayService } from './order-items/module';

export interface BootedService {
  name: ServiceName;
  runtime: ServiceRuntime;
  router: Router;
  /** Joins the product's HTTP server (the chat's websockets). */
  attach?: (server: Server) => void;
}

/**
 * Single-node mode: boots every service the gateway fronts on the shared engines, and the
 * gateway's own module (its order view). Identity comes
 * first, as the others (and the gateway) call it in-process for sessions and accounts.
 */
export async function bootAllServices(
  engines: Engines,
  opts: {
    publicUrl: string;
    seedDemoAccounts: boolean;
    /** TWILIO_AUTH_TOKEN: inbound texts must be signed with it (identity's SMS webhook). */
    smsAuthToken?: string;
    checkout?: Omit<CheckoutDeps, 'identity'>;
    intake?: Omit<IntakeDeps, 'identity' | 'openWork'>;
    verification?: Omit<VerificationDeps, 'identity'>;
    forms: Omit<FormsDeps, 'identity' | 'publicUrl'>;
    chat: Omit<ChatDeps, 'identity' | 'forms' | 'publicUrl'>;
  },
): Promise<{ services: BootedService[]; identity: IdentityDirectory }> {
  const identityDeps = {
    publicUrl: opts.publicUrl,
    seedDemoAccounts: opts.seedDemoAccounts,
    smsAuthToken: opts.smsAuthToken,
  };
  const identityBoot = await bootService(identityService, engines, identityDeps);
  const identity = createLocalIdentityDirectory(identityBoot.runtime, identityDeps);
  const services: BootedService[] = [{ name: 'identity', ...identityBoot }];
  const checkoutBoot = await bootService(checkoutService, engines, { ...opts.checkout, identity });
  services.push({ name: 'checkout', ...checkoutBoot });
  services.push({
    name: 'verification',
    ...(await bootService(verificationService, engines, { ...opts.verification, identity })),
  });
  const formsDeps = { ...opts.forms, identity, publicUrl: opts.publicUrl };
  const formsBoot = await bootService(formsService, engines, formsDeps);
  services.push({ name: 'forms', ...formsBoot });
  // After checkout and forms: a change of the state rules' preview counts their open work.
  const openWork: OpenWork = {
    openCarts: (states) => countOpenCarts(checkoutBoot.runtime.db, states),
    openOrders: (states) => countOpenOrders(formsBoot.runtime.db, states),
  };
  services.push({
    name: 'intake',
    ...(await bootService(intakeService, engines, { ...opts.intake, identity, openWork })),
  });
  const formsRecords = createLocalFormsRecords(formsBoot.runtime, formsDeps);
  services.push({
    name: 'clinic',
    ...(await bootService(clinicService, engines, {
      identity,
      forms: formsRecords,
      publicUrl: opts.publicUrl,
    })),
  });
  services.push({
    name: 'fulfillment',
    ...(await bootService(fulfillmentService, engines, {
      identity,
      forms: formsRecords,
      publicUrl: opts.publicUrl,
    })),
  });
  services.push({
    name: 'chat',
    ...(await bootService(chatService, engines, {
      ...opts.chat,
      identity,
      forms: formsRecords,
      publicUrl: opts.publicUrl,
    })),
  });
  services.push({
    name: 'marketing',
    // One process: the live conversions' sockets need no Redis between processes.
    ...(await bootService(marketingService, engines, { identity })),
  });
  // The gateway's own calls (the portal's order view), from the events of the services above.
  // The admin's one audit trail reads every service above in this process.
  const auditSources = services.map((s) => localAuditSource(s.name, s.runtime));
  services.push({
    name: 'gateway',
    ...(await bootService(gatewayService, engines, { auditSources })),
  });
  // Contracts' list of services is the one that counts: one missing here would answer no call.
  const missing = serviceNames.filter((name) => !services.some((s) => s.name === name));
  if (missing.length > 0) throw new Error(`Single-node mode boots no ${missing.join(', ')}`);
  return { services, identity };
}
