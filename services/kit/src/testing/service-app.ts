/**
 * A service booted on in-memory engines with its HTTP app (its database a copy of a migrated
 * template, see test-database.ts), for service tests: the same middleware
 * as in production (the caller's identity from signed headers), a real embedded database, bus and
 * queue. `as(principal)` gives the headers the gateway would add for a logged-in caller (a
 * session opened just now and not scoped to a cart, unless the test says otherwise).
 */
import type { Server } from 'node:http';
import express from 'express';
import type { Principal } from '@clinic/contracts';
import { principalMiddleware } from '../auth/principal';
import type { Clock } from '../clock';
import { finishApp, keepRawBody } from '../http/app';
import type { OpenedEngines } from '../runtime/engines';
import { bootService, type ServiceModule, type ServiceRuntime } from '../runtime/service-runtime';
import { silentLogger } from './support';
import { openTestEngines } from './test-database';

export interface ServiceUnderTest {
  app: express.Express;
  runtime: ServiceRuntime;
  engines: OpenedEngines;
  as(principal: TestPrincipal): Record<string, string>;
  /** Joins an HTTP server, for a service with more than routes (the chat's websockets). */
  attach?: (server: Server) => void;
  close(): Promise<void>;
}

/** A caller as a test names it: who and which session; when and what scope have defaults. */
export type TestPrincipal = Omit<Principal, 'startedAt' | 'cartId'> &
  Partial<Pick<Principal, 'startedAt' | 'cartId'>>;

export function testPrincipal(principal: TestPrincipal): Principal {
  return { startedAt: Date.now(), cartId: null, ...principal };
}

export async function startServiceForTest<Deps>(
  module: ServiceModule<Deps>,
  deps: Deps,
  opts: { clock?: Clock; start?: boolean; engines?: OpenedEngines } = {},
): Promise<ServiceUnderTest> {
  const engines =
    opts.engines ?? (await openTestEngines({ services: [module], clock: opts.clock }));
  const { runtime, router, attach } = await bootService(module, engines, deps);
  if (opts.start !== false) await runtime.start();
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(express.json({ limit: '100kb', verify: keepRawBody }));
  app.use(principalMiddleware(engines.principals));
  app.use(router);
  finishApp(app, silentLogger);
  return {
    app,
    runtime,
    engines,
    as: (principal) => engines.principals.sign(testPrincipal(principal)),
    attach,
    close: async () => {
      await runtime.stop();
      if (!opts.engines) await engines.close();
    },
  };
}
