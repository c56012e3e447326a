import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OffsetClock,
  createLogger,
  openEngines,
  type Clock,
  type Database,
  type Logger,
  type OpenedEngines,
} from '@clinic/kit';
import { buildGatewayApp } from './app';
import type { GatewayConfig } from './config';
import { chatDepsFromConfig } from '@clinic/chat';
import { checkoutDepsFromConfig } from '@clinic/checkout';
import { formsDepsFromConfig } from '@clinic/forms';
import { intakeDepsFromConfig } from '@clinic/intake';
import { verificationDepsFromConfig } from '@clinic/verification';
import { bootAllServices } from './services';
import { InProcessUpstream } from './upstream/in-process';

export interface RunningProduct {
  url: string;
  /** The interface and port actually listened on. */
  listening: AddressInfo;
  engines: OpenedEngines;
  close(): Promise<void>;
}

/** `npm start` answers this machine only unless HOST says otherwise. */
export const singleNodeDefaultHost = '127.0.0.1';

/** How this machine reaches `host`: every interface is reached on `localhost`. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The whole product in one process (BRIEF D2): every service in-process on the embedded engines
 * (or real ones if configured), behind the gateway. All services subscribe to the bus before any
 * relay starts publishing. Closing stops in reverse order.
 */
export async function startSingleNode(
  config: GatewayConfig,
  opts: { logger?: Logger; clock?: Clock; database?: Database } = {},
): Promise<RunningProduct> {
  const logger = opts.logger ?? createLogger({ service: 'clinic', level: config.LOG_LEVEL });
  // A test run may move the product's time forward (renewals) through /dev/clock.
  const devClock = !opts.clock && config.NODE_ENV === 'test' ? new OffsetClock() : undefined;
  // Listen first: the links in emails point at the address actually served (PORT=0 included),
  // and a request that comes while the services boot gets a clear 503 instead of a refusal.
  let handler: RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '2' });
    res.end(
      JSON.stringify({
        status: 'error',
        message: 'The clinic is starting. Please try again in a moment.',
      }),
    );
  };
  const server: Server = createServer((req, res) => handler(req, res));
  const host = config.HOST ?? singleNodeDefaultHost;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, host, () => resolve());
  });
  const listening = server.address() as AddressInfo;
  const url = `http://${browsableHost(host)}:${listening.port}`;
  const publicUrl = config.PUBLIC_URL ?? url;

  const engines = await openEngines(config, {
    processName: 'clinic',
    logger,
    clock: opts.clock ?? devClock,
    database: opts.database,
  });
  const { services, identity } = await bootAllServices(engines, {
    publicUrl,
    // Demo staff accounts are for trying the product locally, never for a production database.
    seedDemoAccounts: config.NODE_ENV !== 'production',
    smsAuthToken: config.TWILIO_AUTH_TOKEN,
    checkout: { ...checkoutDepsFromConfig(config), publicUrl },
    intake: intakeDepsFromConfig(config),
    verification: verificationDepsFromConfig(config),
    forms: formsDepsFromConfig(config),
    chat: chatDepsFromConfig(config),
  });
  for (const s of services) s.attach?.(server);
  for (const s of services) await s.runtime.subscribe();
  for (const s of services) await s.runtime.run();

  const app = buildGatewayApp({
    logger,
    metrics: engines.metrics,
    upstream: new InProcessUpstream(services, logger, config.BODY_LIMIT),
    identity,
    principals: engines.principals,
    webDistDir: config.WEB_DIST_DIR,
    nodeEnv: config.NODE_ENV,
    mailbox: engines.mailbox,
    devClock,
    trustProxy: config.TRUST_PROXY,
    metricsToken: config.METRICS_TOKEN,
  });
  handler = app;
  return {
    url,
    listening,
    engines,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of [...services].reverse()) await s.runtime.stop();
      await engines.close();
    },
  };
}
