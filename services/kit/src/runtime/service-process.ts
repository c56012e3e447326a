import { createServer, type Server } from 'node:http';
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { ConfigError, baseConfigSchema, loadConfig } from '../config/config';
import { principalMiddleware } from '../auth/principal';
import { healthRouter } from '../health/health';
import { createHttpApp, finishApp } from '../http/app';
import { createLogger, type Logger } from '../logging/logger';
import { Metrics } from '../metrics/metrics';
import { engineUnavailableHandler, startingGate } from './engine-unavailable';
import { openEngines, type OpenedEngines } from './engines';
import type { Backoff, Sleep } from './retry';
import { bootService, type ServiceModule, type ServiceRuntime } from './service-runtime';
import { Startup } from './startup';
import { surviveTransientErrors } from './transient-error-guard';
import { describeError } from './transient-errors';

/** Exit status of a process whose configuration is wrong (sysexits' EX_CONFIG): not restarted. */
export const CONFIG_ERROR_EXIT = 78;

export interface ServiceProcessOptions<S extends typeof baseConfigSchema> {
  schema?: S;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** How the engines are opened (tests pass one whose engines come late). */
  openEngines?: typeof openEngines;
  backoff?: Backoff;
  sleep?: Sleep;
}

export interface RunningService {
  server: Server;
  logger: Logger;
  /** Resolves once the service serves; rejects if it cannot start for good. */
  ready: Promise<void>;
  /** Stops accepting requests, stops waiting or working, closes the engines. */
  stop(): Promise<void>;
}

/**
 * One service as its own process (cluster mode). The HTTP server listens first: /healthz says
 * the process is alive, /readyz answers 503 naming each engine that is not ready, and every other
 * request answers 503 until the service runs. Meanwhile the engines are opened, the schema is
 * migrated and the consumer group joined, each step retried while its engine is still booting
 * (Startup). Only a bad configuration or a step that fails for good (a migration's SQL, a Redis
 * that may evict jobs) rejects `ready`; a transient engine error met by a request later answers
 * 503.
 */
export async function startServiceProcess<S extends typeof baseConfigSchema, Deps>(
  module: ServiceModule<Deps>,
  makeDeps: (config: z.infer<S>) => Deps | Promise<Deps>,
  opts: ServiceProcessOptions<S> = {},
): Promise<RunningService> {
  const config = loadConfig(opts.schema ?? baseConfigSchema, opts.env ?? process.env) as z.infer<S>;
  if (!config.INTERNAL_SECRET)
    throw new ConfigError(
      'Invalid configuration: INTERNAL_SECRET is missing (the gateway and every service of a cluster share it)',
    );
  const logger = opts.logger ?? createLogger({ service: module.name, level: config.LOG_LEVEL });
  const metrics = new Metrics();
  const startup = new Startup({ logger, backoff: opts.backoff, sleep: opts.sleep });
  startup.expect(['database', 'bus', 'rateLimiter', ...(config.REDIS_URL ? ['queue'] : [])]);

  let running: { runtime: ServiceRuntime; routes: RequestHandler } | undefined;
  const app = createHttpApp({
    service: module.name,
    logger,
    metrics,
    bodyLimit: config.BODY_LIMIT,
    // The gateway of start:cluster is on loopback; elsewhere TRUST_PROXY names it.
    trustProxy: config.TRUST_PROXY ?? 'loopback',
  });
  app.use(
    healthRouter(
      async () => ({
        [module.name]: running ? await running.runtime.readiness() : startup.snapshot(),
      }),
      metrics,
      { metricsToken: config.METRICS_TOKEN },
    ),
  );
  const starting = startingGate(() => startup.waitingFor());
  app.use((req, res, next) =>
    running ? running.routes(req, res, next) : starting(req, res, next),
  );
  app.use(engineUnavailableHandler(logger));
  finishApp(app, logger);
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, () => {
      server.off('error', reject);
      resolve();
    });
  });
  logger.info({ port: config.PORT }, 'service listening; starting');

  let engines: OpenedEngines | undefined;
  let runtime: ServiceRuntime | undefined;
  const ready = (async () => {
    engines = await (opts.openEngines ?? openEngines)(config, {
      processName: module.name,
      logger,
      metrics,
      startup,
    });
    const booted = await bootService(module, engines, await makeDeps(config));
    runtime = booted.runtime;
    booted.attach?.(server);
    await runtime.start();
    const routes = Router();
    routes.use(principalMiddleware(engines.principals));
    routes.use(booted.router);
    running = { runtime, routes };
    logger.info('service ready');
  })();
  // A start that fails is reported through `ready`; never an unhandled rejection meanwhile.
  ready.catch(() => undefined);

  return {
    server,
    logger,
    ready,
    stop: async () => {
      startup.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A start still under way may be waiting on an open engine (a consumer group joining a
      // broker that is down): closing the engines is what ends that wait.
      const cutShort = running ? undefined : engines;
      await cutShort?.close();
      await ready.catch(() => undefined);
      await runtime?.stop();
      if (!cutShort) await engines?.close();
    },
  };
}

/**
 * `main.ts` of every service: starts the process, stops it in reverse order on SIGTERM/SIGINT,
 * and exits only when the configuration is wrong (status 78: restarting would not help) or the
 * start failed for good (status 1). Transient engine errors later never end it.
 */
export async function runServiceProcess<S extends typeof baseConfigSchema, Deps>(
  module: ServiceModule<Deps>,
  makeDeps: (config: z.infer<S>) => Deps | Promise<Deps>,
  schema?: S,
): Promise<void> {
  let service: RunningService;
  try {
    service = await startServiceProcess(module, makeDeps, { schema });
  } catch (err) {
    console.error(describeError(err));
    process.exit(err instanceof ConfigError ? CONFIG_ERROR_EXIT : 1);
  }
  const { logger } = service;
  surviveTransientErrors(logger, (code) => process.exit(code));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await service.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  service.ready.catch((err: unknown) => {
    if (stopping) return;
    logger.fatal({ error: describeError(err) }, 'the service cannot start');
    process.exit(err instanceof ConfigError ? CONFIG_ERROR_EXIT : 1);
  });
}
