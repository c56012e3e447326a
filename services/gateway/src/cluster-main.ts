import {
  MailboxStore,
  Metrics,
  PostgresDatabase,
  PrincipalSigner,
  createLogger,
  loadConfig,
} from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity';
import { buildGatewayApp } from './app';
import { clusterConfigSchema } from './config';
import { HttpProxyUpstream } from './upstream/http-proxy';

/** Cluster mode: the gateway alone, proxying to each service's own process. */
async function main(): Promise<void> {
  const config = loadConfig(clusterConfigSchema);
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const upstream = new HttpProxyUpstream(
    {
      identity: config.IDENTITY_URL,
      checkout: config.CHECKOUT_URL,
      intake: config.INTAKE_URL,
      verification: config.VERIFICATION_URL,
      forms: config.FORMS_URL,
      chat: config.CHAT_URL,
    },
    logger,
  );
  // The dev mailbox lives in the shared database; outside production the gateway shows it.
  const mailbox =
    config.DATABASE_URL && config.NODE_ENV !== 'production'
      ? new MailboxStore(
          await PostgresDatabase.open(config.DATABASE_URL, { max: 2, applicationName: 'gateway' }),
        )
      : undefined;
  await mailbox?.migrate();
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
  });
  const server = app.listen(config.PORT, () =>
    logger.info({ port: config.PORT }, 'gateway listening'),
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
