import { apiRoutes, serviceNames, type ApiRoute, type ServiceName } from '@clinic/contracts';
import {
  deriveRoutingTable,
  entryOf,
  nonApiRoutes,
  owningService,
  routingTable,
  type RouteEntry,
} from './routing-table';

type Routed = Pick<ApiRoute, 'path' | 'service'>;

/** A request path for a route: each `:param` filled, as a browser would send it. */
const concrete = (path: string) => path.replace(/:(\w+)/g, 'sample-$1');

/** The routes `table` sends somewhere other than their owner (with where they went). */
function misrouted(routes: readonly Routed[], table: readonly RouteEntry[]) {
  return routes
    .map((route) => ({
      path: route.path,
      owner: route.service,
      routedTo: owningService(concrete(route.path), table),
    }))
    .filter((r) => r.routedTo !== r.owner);
}

describe('routing table', () => {
  it('sends every published call to the service that owns it', () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
    expect(misrouted(apiRoutes, routingTable)).toEqual([]);
  });

  it('sends a call to its owner whatever its path params hold', () => {
    for (const route of apiRoutes.filter((r) => r.path.includes(':'))) {
      const odd = route.path.replace(/:(\w+)/g, '%2F..%2Fx');
      expect({ path: route.path, service: owningService(odd) }).toEqual({
        path: route.path,
        service: route.service,
      });
    }
  });

  it('would catch a misrouted call: a table that sends one route elsewhere fails the check', () => {
    for (const victim of apiRoutes) {
      const other: ServiceName = serviceNames.find((s) => s !== victim.service)!;
      const tampered = [...routingTable, { ...entryOf(victim), service: other }].filter(
        (e, i, all) => all.findLastIndex((x) => x.prefix === e.prefix) === i,
      );
      expect(misrouted(apiRoutes, tampered).map((r) => r.path)).toContain(victim.path);
    }
  });

  it('is derived from the route definitions: a route of a new service is routed to it', () => {
    const table = deriveRoutingTable([
      ...apiRoutes,
      { path: '/api/chat-user/:id', service: 'chat' },
      { path: '/forms/orders/:orderId/files', service: 'forms' },
    ]);
    expect(owningService('/api/chat-user/5', table)).toBe('chat');
    expect(owningService('/forms/orders/9/files', table)).toBe('forms');
    expect(owningService('/forms/save-cart', table)).toBe('checkout');
  });

  it('keeps the paths that are not API calls: the Stripe webhook, the sandbox processor, local uploads', () => {
    expect(owningService('/webhooks/stripe')).toBe('checkout');
    expect(owningService('/sandbox/v1/tokens')).toBe('checkout');
    expect(owningService('/sandbox/v1/anything-else')).toBe('checkout');
    expect(owningService('/forms/uploads/user_med_images/a_photo.jpg')).toBe('forms');
    for (const entry of nonApiRoutes) expect(routingTable).toContainEqual(entry);
  });

  it('still routes every path the hand-written table routed, to the same service', () => {
    const before: [string, ServiceName][] = [
      ['/api/login', 'identity'],
      ['/api/logout', 'identity'],
      ['/api/forgot-password', 'identity'],
      ['/api/password-reset', 'identity'],
      ['/api/update-password', 'identity'],
      ['/api/console/me', 'identity'],
      ['/api/privacy-request', 'identity'],
      ['/api/intake-form', 'intake'],
      ['/forms/add-disqualify', 'intake'],
      ['/api/get-all-products', 'checkout'],
      ['/forms/save-cart', 'checkout'],
      ['/api/validate-coupon', 'checkout'],
      ['/api/get-cart/abc', 'checkout'],
      ['/api/checkout-new', 'checkout'],
      ['/api/block-user-payment', 'checkout'],
      ['/api/payment-config', 'checkout'],
      ['/api/save-address', 'checkout'],
      ['/api/trust-form', 'checkout'],
      ['/api/bundle-selected', 'checkout'],
      ['/api/add-to-order', 'checkout'],
      ['/api/call-conversion', 'checkout'],
      ['/webhooks/stripe', 'checkout'],
      ['/api/subscription-items', 'checkout'],
      ['/api/transaction-items', 'checkout'],
      ['/api/process-subs-payment', 'checkout'],
      ['/api/update-card', 'checkout'],
      ['/api/cancle-subs', 'checkout'],
      ['/api/invoice/ch_1', 'checkout'],
      ['/api/pending-medical-forms', 'checkout'],
      ['/sandbox/v1/tokens', 'checkout'],
      ['/api/address/validate', 'verification'],
      ['/api/address/validate/12', 'verification'],
      ['/api/ship-address', 'verification'],
      ['/api/send-code/1', 'verification'],
      ['/api/verify-code', 'verification'],
      ['/api/skip-verification', 'verification'],
      ['/api/verification-status', 'verification'],
      ['/api/update-phone', 'verification'],
      ['/api/update-email', 'verification'],
      ['/forms/orders/12', 'forms'],
      ['/forms/questionnaires/refill', 'forms'],
      ['/api/submit-md-form', 'forms'],
      ['/api/submit-bare-form', 'forms'],
      ['/api/process-refund/12', 'forms'],
      ['/api/get-signed-url', 'forms'],
      ['/api/log-upload-attempt', 'forms'],
    ];
    expect(before.filter(([path, service]) => owningService(path) !== service)).toEqual([]);
  });

  it('routes nothing else: unknown API paths and the web app stay with the gateway', () => {
    expect(owningService('/api/nothing-here')).toBeUndefined();
    expect(owningService('/api/openapi.json')).toBeUndefined();
    expect(owningService('/api/get-cartoon')).toBeUndefined();
    expect(owningService('/assets/index.js')).toBeUndefined();
    expect(owningService('/login')).toBeUndefined();
  });

  it('refuses two services on one prefix, and a path without a fixed first segment', () => {
    expect(() =>
      deriveRoutingTable([
        { path: '/api/things/:id', service: 'checkout' },
        { path: '/api/things', service: 'identity' },
      ]),
    ).toThrow('/api/things is claimed by both checkout and identity');
    expect(() => deriveRoutingTable([{ path: '/:anything', service: 'chat' }])).toThrow(
      'fixed first segment',
    );
    expect(entryOf({ path: '/api/a/b/:id/c', service: 'forms' })).toEqual({
      prefix: '/api/a/b',
      service: 'forms',
    });
  });

  it('matches whole path segments and prefers the longest prefix', () => {
    const table = [
      { prefix: '/api/get-cart', service: 'checkout' as const },
      { prefix: '/forms/', service: 'intake' as const },
      { prefix: '/forms/orders', service: 'forms' as const },
    ];
    expect(owningService('/api/get-cart/12', table)).toBe('checkout');
    expect(owningService('/api/get-cartoon', table)).toBeUndefined();
    expect(owningService('/forms/save-cart', table)).toBe('intake');
    expect(owningService('/forms/orders/9', table)).toBe('forms');
  });
});
