import type { ServiceName } from '@clinic/contracts';

export interface RouteEntry {
  /** A path, or a prefix ending in `/` that owns everything under it. */
  prefix: string;
  service: ServiceName;
}

/**
 * The one table from public path to owning service (BRIEF section 4). Single-node mode uses it to
 * pick the in-process service, cluster mode to pick the URL to proxy to.
 */
export const routingTable: readonly RouteEntry[] = [
  { prefix: '/api/login', service: 'identity' },
  { prefix: '/api/logout', service: 'identity' },
  { prefix: '/api/forgot-password', service: 'identity' },
  { prefix: '/api/password-reset', service: 'identity' },
  { prefix: '/api/update-password', service: 'identity' },
  { prefix: '/api/console/me', service: 'identity' },
  { prefix: '/api/privacy-request', service: 'identity' },
  { prefix: '/api/intake-form', service: 'intake' },
  { prefix: '/forms/add-disqualify', service: 'intake' },
  { prefix: '/api/get-all-products', service: 'checkout' },
  { prefix: '/forms/save-cart', service: 'checkout' },
  { prefix: '/api/validate-coupon', service: 'checkout' },
  { prefix: '/api/get-cart', service: 'checkout' },
  { prefix: '/api/checkout-new', service: 'checkout' },
  { prefix: '/api/block-user-payment', service: 'checkout' },
  { prefix: '/api/payment-config', service: 'checkout' },
  { prefix: '/api/save-address', service: 'checkout' },
  { prefix: '/api/trust-form', service: 'checkout' },
  { prefix: '/api/bundle-selected', service: 'checkout' },
  { prefix: '/api/add-to-order', service: 'checkout' },
  { prefix: '/api/call-conversion', service: 'checkout' },
  { prefix: '/webhooks/stripe', service: 'checkout' },
  { prefix: '/api/subscription-items', service: 'checkout' },
  { prefix: '/api/transaction-items', service: 'checkout' },
  { prefix: '/api/process-subs-payment', service: 'checkout' },
  { prefix: '/api/update-card', service: 'checkout' },
  { prefix: '/api/cancle-subs', service: 'checkout' },
  { prefix: '/api/invoice', service: 'checkout' },
  { prefix: '/api/pending-medical-forms', service: 'checkout' },
  { prefix: '/sandbox/', service: 'checkout' },
  { prefix: '/api/address/validate', service: 'verification' },
  { prefix: '/api/ship-address', service: 'verification' },
  { prefix: '/api/send-code', service: 'verification' },
  { prefix: '/api/verify-code', service: 'verification' },
  { prefix: '/api/skip-verification', service: 'verification' },
  { prefix: '/api/verification-status', service: 'verification' },
  { prefix: '/api/update-phone', service: 'verification' },
  { prefix: '/api/update-email', service: 'verification' },
];

/** The service owning a path: the longest matching entry wins. */
export function owningService(
  path: string,
  table: readonly RouteEntry[] = routingTable,
): ServiceName | undefined {
  let best: RouteEntry | undefined;
  for (const entry of table) {
    const matches = entry.prefix.endsWith('/')
      ? path.startsWith(entry.prefix)
      : path === entry.prefix || path.startsWith(`${entry.prefix}/`);
    if (matches && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best?.service;
}
