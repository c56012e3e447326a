import { createServer } from 'node:http';
import { backendServices, chatSocketPath, liveConversionsSocketPath } from '@clinic/contracts';
import {
  httpAuditSource,
  CONFIG_ERROR_EXIT,
  ConfigError,
  MailboxStore,
  Metrics,
  PostgresDatabase,
  PrincipalSigner,
  Startup,
  bootService,
  createLogger,
  describeError,
  loadConfig,
  openEngines,
  surviveTransientErrors,
  type OpenedEngines,
  type ServiceRuntime,
} from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { buildGatewayApp } from './app';
import { clusterConfigSchema, serviceUrls } from './config';
import { gatewayService } from './order-items/module';
import { CompositeUpstream, StartingUpstream } from './upstream/composite';
import { HttpProxyUpstream } from './upstream/http-proxy';
import { instancePools } from './upstream/instance-pool';
import { InProcessUpstream } from './upstream/in-process';
import { proxyWebSockets } from './upstream/websocket-proxy';

const MAILBOX_STARTING = JSON.stringify({
  status: 'error',
  message: 'The dev mailbox is starting. Please try again in a moment.',
});

function configOrExit() {
  try {
    return loadConfig(clusterConfigSchema);
  } catch (err) {
    console.error(describeError(err));
    // A bad variable stays bad: start-cluster does not restart a process that exits with this.
    process.exit(err instanceof ConfigError ? CONFIG_ERROR_EXIT : 1);
  }
}

/** How long the merged audit trail waits for one service's answer before naming it missing. */
const AUDIT_READ_TIMEOUT_MS = 5000;

/** Without PostgreSQL the gateway has nowhere to keep its order view in cluster mode. */
const NO_DATABASE =
  'DATABASE_URL is not set: the order view (GET /api/order-items) needs the cluster database';

/**
 * Cluster mode: the gateway proxies to each service's own process and runs its own calls (the
 * portal's order view, built from the services' events) itself, on the real engines of its
 * configuration (DATABASE_URL, KAFKA_BROKERS, REDIS_URL). It listens at once; /readyz is the
 * services' readiness and its own (503 until each one is ready). Its engines are opened in the
 * background (each retried while it boots): until then /readyz names what it waits for, its own
 * calls and /dev/mailbox answer 503.
 */
function main(): void {
  const config = configOrExit();
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  surviveTransientErrors(logger, (code) => process.exit(code));
  const pools = instancePools(serviceUrls(config), logger);
  for (const pool of Object.values(pools)) pool.start(config.UPSTREAM_CHECK_MS);
  const services = new HttpProxyUpstream(pools, logger);
  const metrics = new Metrics();
  const startup = new Startup({ logger });
  // The gateway's own schema (the order view) and, outside production, the dev mailbox live in
  // the shared database.
  const database = config.DATABASE_URL
    ? PostgresDatabase.create(config.DATABASE_URL, { max: 10, applicationName: 'gateway' })
    : undefined;
  const mailbox =
    database && config.NODE_ENV !== 'production' ? new MailboxStore(database) : undefined;
  let mailboxReady = !mailbox;
  const own = new StartingUpstream(
    'gateway',
    () => (database ? startup.snapshot() : { database: NO_DATABASE }),
    () => (database ? startup.waitingFor() : ['database']),
  );
  const upstream = new CompositeUpstream(own, new Set(['gateway']), services);
  const principals = new PrincipalSigner(config.INTERNAL_SECRET);
  const app = buildGatewayApp({
    logger,
    metrics,
    upstream,
    // Sessions are resolved at identity's first address (one identity process resolves them all).
    identity: new HttpIdentityDirectory(config.IDENTITY_URL[0]!, principals),
    principals,
    webDistDir: config.WEB_DIST_DIR,
    nodeEnv: config.NODE_ENV,
    mailbox,
    trustProxy: config.TRUST_PROXY,
    metricsToken: config.METRICS_TOKEN,
  });
  const server = createServer((req, res) => {
    if (!mailboxReady && req.url?.startsWith('/dev/mailbox')) {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
      res.end(MAILBOX_STARTING);
      return;
    }
    app(req, res);
  });
  // The chat's and live conversions' websockets go to a process of their service
  // (websocket-only: any process may take one).
  proxyWebSockets(
    server,
    [
      { pathPrefix: chatSocketPath, instances: pools.chat },
      { pathPrefix: liveConversionsSocketPath, instances: pools.marketing },
    ],
    logger,
  );
  server.listen(config.PORT, config.HOST, () =>
    logger.info({ port: config.PORT, host: config.HOST ?? 'every interface' }, 'gateway listening'),
  );
  server.once('error', (err) => {
    logger.fatal({ err }, 'gateway cannot listen');
    process.exit(1);
  });

  let engines: OpenedEngines | undefined;
  let runtime: ServiceRuntime | undefined;
  if (database)
    (async () => {
      // The database is the one above (the mailbox is migrated on it first); the bus and the
      // queue are Kafka and Redis when configured.
      engines = await openEngines(config, {
        processName: 'gateway',
        logger,
        metrics,
        startup,
        database,
      });
      mailboxReady = true;
      // The admin's one audit trail asks each service's processes for theirs.
      const auditSources = backendServices.map((name) =>
        httpAuditSource(name, () => pools[name].pick(), principals, AUDIT_READ_TIMEOUT_MS),
      );
      const booted = await bootService(gatewayService, engines, { auditSources });
      runtime = booted.runtime;
      await runtime.start();
      own.ready(new InProcessUpstream([{ name: 'gateway', ...booted }], logger, config.BODY_LIMIT));
      logger.info('the order view is ready');
    })().catch((err: unknown) => {
      if (startup.signal.aborted) return;
      logger.fatal({ error: describeError(err) }, 'the gateway cannot start');
      process.exit(1);
    });
  else logger.warn(NO_DATABASE);

  const stop = () => {
    startup.stop();
    server.close(() => {
      void (async () => {
        await runtime?.stop().catch(() => undefined);
        await (engines ?? database)?.close().catch(() => undefined);
      })().finally(() => process.exit(0));
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
