import { createServer } from 'node:http';
import {
  CONFIG_ERROR_EXIT,
  ConfigError,
  MailboxStore,
  Metrics,
  PostgresDatabase,
  PrincipalSigner,
  Startup,
  createLogger,
  describeError,
  loadConfig,
  surviveTransientErrors,
} from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { buildGatewayApp } from './app';
import { clusterConfigSchema } from './config';
import { HttpProxyUpstream } from './upstream/http-proxy';
import type { Upstream } from './upstream/upstream';

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

/**
 * Cluster mode: the gateway alone, proxying to each service's own process. It listens at once;
 * /readyz is the services' readiness (503 until each one is ready). Its own engine, the database
 * of the dev mailbox, is connected in the background (retried while it boots): until then
 * /readyz names it and /dev/mailbox answers 503.
 */
function main(): void {
  const config = configOrExit();
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  surviveTransientErrors(logger, (code) => process.exit(code));
  const services = new HttpProxyUpstream(
    {
      identity: config.IDENTITY_URL,
      checkout: config.CHECKOUT_URL,
      intake: config.INTAKE_URL,
      verification: config.VERIFICATION_URL,
      forms: config.FORMS_URL,
      chat: config.CHAT_URL,
      clinic: config.CLINIC_URL,
      fulfillment: config.FULFILLMENT_URL,
    },
    logger,
  );
  const startup = new Startup({ logger });
  // The dev mailbox lives in the shared database; outside production the gateway shows it.
  const mailboxDatabase =
    config.DATABASE_URL && config.NODE_ENV !== 'production'
      ? PostgresDatabase.create(config.DATABASE_URL, { max: 2, applicationName: 'gateway' })
      : undefined;
  const mailbox = mailboxDatabase ? new MailboxStore(mailboxDatabase) : undefined;
  let mailboxReady = !mailbox;
  if (mailbox) startup.expect(['database']);
  const upstream: Upstream = {
    forward: services.forward,
    readiness: async () => {
      const checks = await services.readiness();
      return mailboxReady ? checks : { ...checks, gateway: startup.snapshot() };
    },
  };
  const principals = new PrincipalSigner(config.INTERNAL_SECRET);
  const app = buildGatewayApp({
    logger,
    metrics: new Metrics(),
    upstream,
    identity: new HttpIdentityDirectory(config.IDENTITY_URL, principals),
    principals,
    webDistDir: config.WEB_DIST_DIR,
    nodeEnv: config.NODE_ENV,
    mailbox,
    trustProxy: config.TRUST_PROXY,
  });
  const server = createServer((req, res) => {
    if (!mailboxReady && req.url?.startsWith('/dev/mailbox')) {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
      res.end(MAILBOX_STARTING);
      return;
    }
    app(req, res);
  });
  server.listen(config.PORT, () => logger.info({ port: config.PORT }, 'gateway listening'));
  server.once('error', (err) => {
    logger.fatal({ err }, 'gateway cannot listen');
    process.exit(1);
  });

  if (mailbox)
    startup
      .step('database', 'migrating the dev mailbox', () => mailbox.migrate())
      .then(
        () => {
          mailboxReady = true;
        },
        (err: unknown) => {
          if (startup.signal.aborted) return;
          logger.fatal({ error: describeError(err) }, 'the dev mailbox cannot start');
          process.exit(1);
        },
      );

  const stop = () => {
    startup.stop();
    server.close(() => {
      void Promise.resolve(mailboxDatabase?.close()).finally(() => process.exit(0));
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
