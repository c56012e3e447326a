import type { Server } from 'node:http';
import type { z } from 'zod';
import { ConfigError, baseConfigSchema, loadConfig } from '../config/config';
import { principalMiddleware } from '../auth/principal';
import { healthRouter } from '../health/health';
import { createHttpApp, finishApp } from '../http/app';
import { createLogger } from '../logging/logger';
import { openEngines } from './engines';
import { bootService, type ServiceModule } from './service-runtime';

/**
 * Runs one service as its own process (cluster mode): validates config, opens the real engines,
 * migrates, starts relay, consumer and workers, serves HTTP, and on SIGTERM/SIGINT shuts down in
 * reverse order: stop accepting requests, stop workers and relay, close the engines.
 */
export async function runServiceProcess<S extends typeof baseConfigSchema, Deps>(
  module: ServiceModule<Deps>,
  makeDeps: (config: z.infer<S>) => Deps | Promise<Deps>,
  schema?: S,
): Promise<void> {
  const config = loadConfig(schema ?? baseConfigSchema, process.env) as z.infer<S>;
  if (!config.INTERNAL_SECRET)
    throw new ConfigError(
      'Invalid configuration: INTERNAL_SECRET is missing (the gateway and every service of a cluster share it)',
    );
  const logger = createLogger({ service: module.name, level: config.LOG_LEVEL });
  const engines = await openEngines(config, { processName: module.name, logger });
  const { runtime, router } = await bootService(module, engines, await makeDeps(config));
  await runtime.start();

  const app = createHttpApp({
    service: module.name,
    logger,
    metrics: engines.metrics,
    bodyLimit: config.BODY_LIMIT,
  });
  app.use(
    healthRouter(async () => ({ [module.name]: await runtime.readiness() }), engines.metrics),
  );
  app.use(principalMiddleware(engines.principals));
  app.use(router);
  finishApp(app, logger);
  const server: Server = app.listen(config.PORT, () =>
    logger.info({ port: config.PORT }, 'service listening'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.stop();
    await engines.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
